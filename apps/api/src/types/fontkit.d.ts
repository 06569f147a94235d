declare module 'fontkit' {
  /**
   * A parsed face, as far as this project touches it: pdfkit takes the object itself in place of
   * the font's bytes (`registerFont`), and lays text out and subsets glyphs through it.
   */
  export interface Font {
    postscriptName: string;
    layout(text: string, features?: unknown): unknown;
  }

  /** Parses a TrueType or OpenType font's bytes; tables are read lazily and kept. */
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font;
}
