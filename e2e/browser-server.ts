/**
 * The e2e projects' one Chromium (vitest.config.ts globalSetup): started once, each spec's launchChromium() connects
 * to it (e2e/support.ts) and its close() closes only that spec's contexts. A spec pays no browser start and stop of
 * its own (about a second each, 38 specs); its pages stay in contexts of their own, as before.
 */
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint; '' when none was started (a spec then launches its own). */
    chromiumWs: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumWs', server.wsEndpoint());
  return () => server.close();
}
