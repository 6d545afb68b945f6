// The face generator moved to main/demo/faces.ts (the demo hall ships with browser mode); kept for the tests of core/ that import it here.
export * from '../../main/demo/faces.js';
