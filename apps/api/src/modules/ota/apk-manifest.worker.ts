// A parser worker (see storage/parse-in-worker.ts): reads an uploaded APK's manifest off the
// event loop. build.mjs bundles it to dist/apk-manifest.worker.js.
import { serveParser } from '../../storage/serve-parser';
import { parseApkManifest } from './apk-manifest.parser';

serveParser(parseApkManifest);
