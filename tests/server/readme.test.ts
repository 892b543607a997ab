import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Issue 17 item 11: the README only points at what a clone of this repository has, and is honest about Node. */
const readme = readFileSync('README.md', 'utf8')
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string }
  scripts: Record<string, string>
}

describe('README', () => {
  it('links only to files inside the repository, and each exists', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!)
    const local = targets.filter((t) => !/^[a-z]+:/i.test(t))
    for (const t of local) {
      const path = resolve(t)
      expect(path.startsWith(resolve('.')), t).toBe(true)
      expect(existsSync(path), t).toBe(true)
    }
    // nor names a path outside it in prose
    expect(readme).not.toMatch(/`\.\.\//)
  })

  it('states the Node version that package.json engines requires', () => {
    const min = /^>=(\d+\.\d+)/.exec(pkg.engines.node)?.[1]
    expect(min).toBeDefined()
    expect(readme).toContain(`Node.js ≥ ${min}`)
  })

  it('lists every server folder in its Layout, one line each, and no folder that is gone', () => {
    const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('## URL parameters'))
    const listed = [...layout.matchAll(/^server\/([\w-]+) /gm)].map((m) => m[1]!)
    const folders = readdirSync('server', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
    expect([...listed].sort()).toEqual([...folders].sort())
  })

  it('lists every npm script', () => {
    for (const name of Object.keys(pkg.scripts)) expect(readme, name).toContain(`\`${name}\``)
  })
})
