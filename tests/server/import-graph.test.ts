/**
 * The import graph's rules (docs/ARCHITECTURE.md, "The arrows" and "What server code may import"),
 * held here so they stay true. Edges are between top folders: `src/<folder>` and
 * `server/<folder>` (files directly in `server/` are the composition root, `server/.`). Tests and
 * type-only imports count like any other import: a type import still ties the folders' designs.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = normalize(join(__dirname, '../..'))

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : []
  })
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** `src/feed`, `server/chat`, `server/.` */
function folderOf(path: string): string {
  const parts = path.split('/')
  if (parts[0] === 'src') return parts.length > 2 ? `src/${parts[1]}` : 'src/.'
  if (parts[0] === 'server') return parts.length > 2 ? `server/${parts[1]}` : 'server/.'
  return parts[0]!
}

/** from folder → to folder → the files that import across */
function importGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>()
  for (const file of [...sourceFiles('src'), ...sourceFiles('server')]) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    for (const m of [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC)]) {
      const target = relative(ROOT, join(ROOT, dirname(file), m[1]!))
      const from = folderOf(file)
      const to = folderOf(target)
      if (from === to) continue
      const row = graph.get(from) ?? new Map<string, string[]>()
      graph.set(from, row)
      row.set(to, [...(row.get(to) ?? []), file])
    }
  }
  return graph
}

const graph = importGraph()
const importers = (from: string, to: string) => graph.get(from)?.get(to) ?? []

describe('the import graph', () => {
  it('sees the code (a sanity check on the scan itself)', () => {
    expect(importers('src/pages', 'src/ui').length).toBeGreaterThan(50)
    expect(importers('server/chat', 'server/db').length).toBeGreaterThan(0)
  })

  it('src/feed never imports src/state: a source is bound to the store from the store side', () => {
    expect(importers('src/feed', 'src/state')).toEqual([])
  })

  it('src/ui never imports src/app: the design tokens and icons live in src/ui', () => {
    expect(importers('src/ui', 'src/app')).toEqual([])
  })

  it('src never imports server', () => {
    const offenders = [...graph.entries()].flatMap(([from, row]) =>
      from.startsWith('src/')
        ? [...row.entries()].filter(([to]) => to.startsWith('server')).flatMap(([, f]) => f)
        : [],
    )
    expect(offenders).toEqual([])
  })

  it('no two server folders import each other', () => {
    const pairs: string[] = []
    for (const [from, row] of graph) {
      if (!from.startsWith('server/')) continue
      for (const [to, files] of row) {
        if (to.startsWith('server/') && from < to && importers(to, from).length > 0) {
          pairs.push(`${from} ↔ ${to} (${files[0]}; ${importers(to, from)[0]})`)
        }
      }
    }
    expect(pairs).toEqual([])
  })

  it('the server floor (lib, http, rate-limit, db, chain) imports no feature', () => {
    const FLOOR = ['server/lib', 'server/http', 'server/rate-limit', 'server/db', 'server/chain']
    const offenders = FLOOR.flatMap((from) =>
      [...(graph.get(from) ?? new Map<string, string[]>())]
        .filter(([to]) => to.startsWith('server/') && !FLOOR.includes(to))
        .map(([to, files]) => `${from} → ${to} (${files[0]})`),
    )
    expect(offenders).toEqual([])
  })

  it('only src/testing/probes.ts writes data attributes (the software-GL style switch aside)', () => {
    const WRITE = /\.dataset(?:\.[A-Za-z]+|\[[^\]]+\])\s*=(?!=)/
    const offenders = sourceFiles('src')
      .filter((f) => f !== 'src/testing/probes.ts')
      .flatMap((f) =>
        readFileSync(join(ROOT, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
          .filter(({ line }) => WRITE.test(line) && !line.includes('dataset.softwareGl')),
      )
      .map(({ at }) => at)
    expect(offenders).toEqual([])
  })
})
