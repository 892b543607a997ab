import { describe, expect, it } from 'vitest'
import { chooseAgentDraw, isSoftwareRenderer } from './agentDraw'

const SWIFTSHADER =
  'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'
const NVIDIA =
  'ANGLE (NVIDIA, NVIDIA GeForce RTX 4070 (0x00002786) Direct3D11 vs_5_0 ps_5_0, D3D11)'

describe('agent draw mode', () => {
  it.each([
    [SWIFTSHADER, true],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', true],
    ['Microsoft Basic Render Driver', true],
    [NVIDIA, false],
    ['Apple M2', false],
    ['WebKit WebGL', false],
    [null, false],
  ])('%s is software: %s', (name, want) => {
    expect(isSoftwareRenderer(name)).toBe(want)
  })

  it.each([
    [null, SWIFTSHADER, 'points'],
    [null, NVIDIA, 'instanced'],
    [null, null, 'instanced'],
    ['instanced', SWIFTSHADER, 'instanced'],
    ['points', NVIDIA, 'points'],
    ['auto', SWIFTSHADER, 'points'],
    ['bogus', NVIDIA, 'instanced'],
  ] as const)('param %s on %s → %s', (param, renderer, want) => {
    expect(chooseAgentDraw(param, renderer)).toBe(want)
  })
})
