// A parser worker (see parse-in-worker.ts): reads an uploaded image's header off the event loop.
// build.mjs bundles it to dist/image-header.worker.js.
import { readImageHeader } from './image-header.parser';
import { serveParser } from './serve-parser';

serveParser(readImageHeader);
