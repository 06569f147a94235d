declare module '@devicefarmer/adbkit-apkreader' {
  /** The parts of a parsed AndroidManifest.xml this project reads. */
  export interface ApkManifest {
    package?: string;
    versionCode?: number;
    versionName?: string;
  }

  export default class ApkReader {
    static open(apk: string | Buffer): Promise<ApkReader>;
    readManifest(): Promise<ApkManifest>;
  }
}
