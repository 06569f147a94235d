declare module '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js' {
  /** The parts of a parsed AndroidManifest.xml this project reads. */
  export interface ApkManifest {
    package?: unknown;
    versionCode?: unknown;
    versionName?: unknown;
  }

  /** Parses a binary AndroidManifest.xml held whole in `buffer`. */
  export default class ManifestParser {
    constructor(buffer: Buffer);
    parse(): ApkManifest;
  }
}
