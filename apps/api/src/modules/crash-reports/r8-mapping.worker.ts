// A parser worker (see storage/parse-in-worker.ts): checks an uploaded R8/ProGuard mapping off the
// event loop. build.mjs bundles it to dist/r8-mapping.worker.js.
import { serveParser } from '../../storage/serve-parser';
import { inspectR8MappingFile } from './r8-mapping-file.parser';

serveParser(inspectR8MappingFile);
