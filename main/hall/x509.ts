/** @peculiar/x509, after the Reflect metadata its container needs (reflect-metadata.ts): import it from here, never directly. */
import './reflect-metadata.js';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export { x509 };
