import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { lazyPackage } from '../lazy-package';

const require = createRequire(import.meta.url);
const loadFontKit = lazyPackage<typeof import('fontkit')>('fontkit');

/**
 * Two faces from npm. Noto Sans SC prints Latin-1 (Malay and Western European accents) and
 * Chinese; Noto Sans prints the Latin Extended letters it lacks (Polish, Czech, Turkish...).
 * One weight only: embedding a second (bold) face doubles the time a document takes, so
 * emphasis is drawn instead (see `billing-pdf.ts`).
 */
const fontFiles = {
  main: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  latinExtended: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
} as const;

export type DocumentFontName = keyof typeof fontFiles;

const loaded = new Map<DocumentFontName, Font>();

/**
 * A face parsed once per process and shared by every document: pdfkit would otherwise parse the
 * 10 MB face again for each one and lose what it had decoded (tables, glyphs, shaping lookups),
 * which took half an invoice's time. Sharing is safe because a document uses the face only
 * synchronously, while it is laid out and when end() subsets it; each gets its own subset.
 */
export function documentFont(name: DocumentFontName): Font {
  let font = loaded.get(name);
  if (!font) {
    font = loadFontKit().create(readFileSync(require.resolve(fontFiles[name])));
    loaded.set(name, font);
  }
  return font;
}

export const documentFontNames = Object.keys(fontFiles) as DocumentFontName[];

/** Latin Extended letters outside Noto Sans SC, and the CJK it is needed for. */
const latinExtended = /[\u0100-\u024F\u1E00-\u1EFF]/;
const cjk = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;

/** The face that prints `text`: the main one unless it holds Latin Extended letters and no CJK. */
export function fontForText(text: string): DocumentFontName {
  return latinExtended.test(text) && !cjk.test(text) ? 'latinExtended' : 'main';
}
