import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** A repository path a document names, in backticks or as a relative link. */
export interface PathReference {
  /** The document, relative to the repository root. */
  doc: string;
  line: number;
  /** As written. */
  text: string;
  /** Relative to the repository root. */
  path: string;
}

/** Characters no repository path of ours holds but commands, URLs, globs and placeholders do. */
const notAPath = /[\s{}<>*=?|:,()'"[\]$~`]|\.\.\.|^[-@/]/;
const fileExtension = /\.[a-z0-9]+$/i;

/** Fenced blocks are commands and listings, not references: blanked, keeping line numbers. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) =>
    block.replace(/[^\n]/g, ''),
  );
}

/**
 * A code span names a repository path when it has no character a path of ours lacks and either
 * starts with a top-level entry of the repository (`apps/api/`, `.ci/run`) or is a file with a
 * folder (`http/json-answer.ts`, which must then be written from the root). URLs, env var names
 * (`DATA_DIR/jwt-secret`), commands and MIME types (`text/csv`) are left alone.
 */
function codeSpanPath(span: string, topLevel: ReadonlySet<string>): string | undefined {
  const text = span.trim().replace(/^\.\//, '');
  if (!text.includes('/') || notAPath.test(text)) return undefined;
  const first = text.split('/')[0]!;
  const lastSegment = text.replace(/\/$/, '').split('/').at(-1)!;
  if (topLevel.has(first) || fileExtension.test(lastSegment)) return normalize(text);
  return undefined;
}

/** A link's target when it points into the repository (not a URL, mail address or anchor). */
function linkPath(target: string, doc: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return undefined;
  const withoutAnchor = target.split('#')[0]!;
  if (!withoutAnchor) return undefined;
  return normalize(join(dirname(doc), decodeURIComponent(withoutAnchor)));
}

/** Every repository path `markdown` (the document `doc`, relative to the root) names. */
export function pathReferences(
  markdown: string,
  doc: string,
  topLevel: ReadonlySet<string>,
): PathReference[] {
  const references: PathReference[] = [];
  withoutFences(markdown)
    .split('\n')
    .forEach((lineText, index) => {
      const line = index + 1;
      // Links first, then code spans outside them: `[`a`](b)` names b.
      const links = /\[(?:[^\]`]|`[^`]*`)*\]\(([^)\s]+)(?:\s+"[^"]*")?\)|^\s*\[[^\]]+\]:\s*(\S+)/g;
      for (const match of lineText.matchAll(links)) {
        const target = match[1] ?? match[2]!;
        const path = linkPath(target, doc);
        if (path !== undefined) references.push({ doc, line, text: target, path });
      }
      for (const match of lineText.replace(links, '').matchAll(/`([^`]+)`/g)) {
        const path = codeSpanPath(match[1]!, topLevel);
        if (path !== undefined) references.push({ doc, line, text: match[1]!, path });
      }
    });
  return references;
}

/**
 * What a fresh clone holds: tracked files and those not ignored, with their folders. Undefined
 * outside a git checkout (then the working tree is asked).
 */
function cloneEntries(root: string): Set<string> | undefined {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: 'pipe' },
    );
    const entries = new Set<string>();
    for (const file of listed.split('\0').filter(Boolean)) {
      if (!existsSync(join(root, file))) continue; // deleted in the working tree
      let path = file;
      while (path !== '.' && !entries.has(path)) {
        entries.add(path);
        path = dirname(path);
      }
    }
    return entries;
  } catch {
    return undefined;
  }
}

/**
 * Build outputs and run-time folders (`apps/console/dist`) a doc may name: git ignores them (asked
 * as a file and as a folder, since a pattern like `dist/` matches only folders).
 */
function ignoredByGit(root: string, path: string): boolean {
  const file = path.replace(/\/$/, '');
  return [file, `${file}/`].some((asked) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', asked], {
        cwd: root,
        stdio: 'pipe',
      });
      return true;
    } catch {
      return false;
    }
  });
}

/** README.md and every Markdown file under docs/, relative to the root. */
export function documents(root: string): string[] {
  if (!existsSync(join(root, 'docs'))) return ['README.md'];
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  return ['README.md', ...docs.sort()];
}

/** The references in `docs` to a path a fresh clone would not have. */
export function missingPaths(root: string, docs: readonly string[]): PathReference[] {
  const entries = cloneEntries(root);
  const exists = (path: string) => (entries ? entries.has(path) : existsSync(join(root, path)));
  const topLevel = new Set(
    entries ? [...entries].filter((entry) => !entry.includes('/')) : readdirSync(root),
  );
  return docs.flatMap((doc) =>
    pathReferences(readFileSync(join(root, doc), 'utf8'), doc, topLevel).filter(
      (reference) =>
        relative(root, join(root, reference.path)).startsWith('..') ||
        (!exists(reference.path.replace(/\/$/, '')) && !ignoredByGit(root, reference.path)),
    ),
  );
}
