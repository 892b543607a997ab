/**
 * Code comments cite documents a clone of this repository has (docs/ARCHITECTURE.md §10): what the
 * product must do by a section of PRODUCT.md (for example PRODUCT.md §4), how it is built by a
 * section of ARCHITECTURE.md (ARCHITECTURE.md §7, or by name: ARCHITECTURE.md "Picking"), measured
 * promises by a section of RELIABILITY.md. A comment in src/, server/, tests/, bench/ or a shader
 * that names one of the three documents the team keeps outside the repository (the product
 * specification, the design, the conventions), or that puts a section sign without a document in
 * front of it, fails here; so does a cited section that is not a heading of its document. Comments
 * are read with the TypeScript parser, so strings, template literals and JSX text (UI texts may
 * hold a section sign or an "issue") are never taken for comments.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, normalize } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = normalize(join(__dirname, '../..'))
const SCANNED = ['src', 'server', 'tests', 'bench', 'public/shaders']
const SOURCE = /\.(tsx?|mjs|cjs|js|glsl)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`
    if (e.isDirectory()) return e.name === '__snapshots__' ? [] : sourceFiles(path)
    return SOURCE.test(e.name) ? [path] : []
  })
}

/** Every comment of a source file as written: `//` lines and `/* … *\/` blocks, in file order. */
function commentsOf(path: string, text: string): string[] {
  if (path.endsWith('.glsl')) return text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g) ?? []
  const kind = path.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : path.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind)
  const found = new Map<number, string>()
  const visit = (node: ts.Node): void => {
    // JSX text is not trivia; a JSDoc node's children lie inside the comment it belongs to
    if (node.kind === ts.SyntaxKind.JsxText) return
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode)
      return
    const children = node.getChildren(file)
    if (children.length > 0) {
      children.forEach(visit)
      return
    }
    // a token: every comment between the previous token and this one
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
    ]
    for (const r of ranges) found.set(r.pos, text.slice(r.pos, r.end))
  }
  visit(file)
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, c]) => c)
}

/** A comment's words on one line: the comment markers and each line's leading `*` or `//` gone. */
function proseOf(comment: string): string {
  return comment
    .replace(/^\/\*\*?|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:\*(?!\/)|\/\/)?\s?/, '').trim())
    .join(' ')
}

interface Headings {
  numbers: Set<string>
  names: string[]
}

/** A document's headings: their section numbers (`4`, `6a`, `7.1`; `7.7–7.18` is each) and names. */
function headingsOf(markdown: string): Headings {
  const numbers = new Set<string>()
  const names: string[] = []
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line)?.[1]
    if (!heading) continue
    const range = /^(\d+)\.(\d+)–(\d+)\.(\d+)\s/.exec(heading)
    if (range && range[1] === range[3]) {
      for (let n = Number(range[2]); n <= Number(range[4]); n++) numbers.add(`${range[1]}.${n}`)
    }
    const number = /^(\d+[a-z]?(?:\.\d+)*)\.?\s/.exec(heading)?.[1]
    if (number) numbers.add(number)
    names.push(heading.replace(/^\d[\d.a-z–]*\.?\s+(?=\S)/, '').toLowerCase())
  }
  return { numbers, names }
}

const DOC_FILES = {
  PRODUCT: 'docs/PRODUCT.md',
  ARCHITECTURE: 'docs/ARCHITECTURE.md',
  RELIABILITY: 'docs/RELIABILITY.md',
  PERFORMANCE: 'docs/PERFORMANCE.md',
  README: 'README.md',
} as const
type Doc = keyof typeof DOC_FILES
const HEADINGS = Object.fromEntries(
  Object.entries(DOC_FILES).map(([doc, path]) => [
    doc,
    headingsOf(readFileSync(join(ROOT, path), 'utf8')),
  ]),
) as Record<Doc, Headings>

const OUTSIDE = /\b(SPEC|DESIGN|CONVENTIONS)\b/g
const SECTION = /§(\d+[a-z]?(?:\.\d+)*)?/g
/** what may stand right before a section sign: a document of this repository, or a standard */
const ANCHOR = /\b(?:(PRODUCT|ARCHITECTURE|RELIABILITY|PERFORMANCE)\.md|RFC \d+) $/
/** between two sections of one list: an optional short label, then `,` `/` `and` `or` */
const LIST_GAP =
  /^(?:\s+(?:"[^"]{1,40}"|'[^']{1,40}'|[^§.;:()"']{1,30}?))?\s*(?:,|\/|\band\b|\bor\b)\s*$/
const NAMED = /\b(PRODUCT|ARCHITECTURE|RELIABILITY)\.md "([^"]+)"|\b(README),? "([^"]+)"/g

/** What is wrong with the citations of one comment (empty: nothing). */
function citationProblems(comment: string): string[] {
  const text = proseOf(comment)
  const problems = [...text.matchAll(OUTSIDE)].map((m) => `names ${m[1]}, outside the repository`)
  // the document the previous section sign was read as citing, and where that citation ended
  let previousDoc: string | null = null
  let previousEnd = 0
  for (const m of text.matchAll(SECTION)) {
    const anchor = ANCHOR.exec(text.slice(0, m.index))
    let doc: string | null = null
    if (anchor) doc = anchor[1] ?? 'RFC'
    else if (previousDoc && LIST_GAP.test(text.slice(previousEnd, m.index))) doc = previousDoc
    previousDoc = doc
    previousEnd = m.index + m[0].length
    if (!doc) problems.push(`bare ${m[0]}`)
    else if (doc !== 'RFC' && !HEADINGS[doc as Doc].numbers.has(m[1] ?? '')) {
      problems.push(`${doc}.md ${m[0]} is not a heading there`)
    }
  }
  for (const m of text.matchAll(NAMED)) {
    const doc = (m[1] ?? m[3]) as Doc
    const name = (m[2] ?? m[4])!.toLowerCase()
    if (!HEADINGS[doc].names.some((h) => h.startsWith(name))) {
      problems.push(`${doc} "${m[2] ?? m[4]}" is not a heading there`)
    }
  }
  return problems
}

const files = SCANNED.flatMap(sourceFiles)
const comments = files.map((file) => ({
  file,
  comments: commentsOf(file, readFileSync(join(ROOT, file), 'utf8')),
}))
const problemsOf = (file: string) =>
  comments
    .find((c) => c.file === file)!
    .comments.flatMap((c) =>
      citationProblems(c).map((p) => `${file}: ${p} in "${proseOf(c).slice(0, 90)}"`),
    )

describe('reading comments', () => {
  it.each([
    ['a.ts', "const a = '§4' // §9", ['// §9']],
    ['a.ts', 'const t = `§4 ${x} §5` /* §6 */', ['/* §6 */']],
    ['a.ts', 'const r = /§4\\/\\/x/ // §7', ['// §7']],
    ['a.ts', '/** §1 */\nexport const x = 1 // §2\n// §3', ['/** §1 */', '// §2', '// §3']],
    ['a.tsx', 'const e = <p>// §4 in JSX text {/* §5 */} and /* §6 */</p>', ['/* §5 */']],
    ['a.tsx', "const e = <p title='// §4'>x</p> // §8", ['// §8']],
    ['a.glsl', 'float a; // §4\n/* §5 */', ['// §4', '/* §5 */']],
  ])('%s: %s', (path, text, expected) => {
    expect(commentsOf(path, text)).toEqual(expected)
  })
})

describe('citation problems of one comment', () => {
  it.each([
    ['// PRODUCT.md §4', []],
    ['// PRODUCT.md §2, §4 and §9', []],
    ['/**\n * (PRODUCT.md §2, §4,\n * §9)\n */', []],
    ['// PRODUCT.md §3 Component health, §4 Diagnose/Repair, §8 texts', []],
    ["// PRODUCT.md §4 'Live feed connection', §7.1, §8", []],
    ['// PRODUCT.md §7.1, §7.9 and §6', []],
    ['// ARCHITECTURE.md §7; RELIABILITY.md §6a and §12; RFC 6455 §7.4.1', []],
    ['// ARCHITECTURE.md "Picking", README, "Swarm Core: mouse, touch and keyboard"', []],
    ['// §4 main view start', ['bare §4']],
    ['// SPEC §4', ['names SPEC, outside the repository', 'bare §4']],
    ['// DESIGN.md §2', ['names DESIGN, outside the repository', 'bare §2']],
    ['// CONVENTIONS "Server"', ['names CONVENTIONS, outside the repository']],
    ['// PRODUCT.md §4. The badge polls every 1 s, §9', ['bare §9']],
    [
      '// PRODUCT.md §10 and §7.19',
      ['PRODUCT.md §10 is not a heading there', 'PRODUCT.md §7.19 is not a heading there'],
    ],
    ['// PERFORMANCE.md §2', ['PERFORMANCE.md §2 is not a heading there']],
    ['// ARCHITECTURE.md "Nowhere"', ['ARCHITECTURE "Nowhere" is not a heading there']],
  ])('%s', (comment, expected) => {
    expect(citationProblems(comment)).toEqual(expected)
  })
})

describe('comments in the repository', () => {
  it('sees the code (a sanity check on the scan itself)', () => {
    const all = comments.flatMap((c) => c.comments)
    expect(files.length).toBeGreaterThan(400)
    expect(all.filter((c) => c.includes('PRODUCT.md §')).length).toBeGreaterThan(200)
    expect(all.filter((c) => c.includes('ARCHITECTURE.md')).length).toBeGreaterThan(20)
  })

  it('cite only documents in the repository, by sections that exist', () => {
    expect(files.flatMap(problemsOf)).toEqual([])
  })
})
