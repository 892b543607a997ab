import { describe, expect, it } from 'vitest'
import { browseLinks, chooseEntry, deviceKind, isAndroidChrome, type DeviceKind } from './entry'

const UA = {
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  linuxChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
}

describe('deviceKind', () => {
  it.each<[string, string, number, DeviceKind]>([
    ['iPad', UA.ipad, 5, 'ios'],
    ['iPad asking for desktop pages (Macintosh UA, touch)', UA.ipadDesktopMode, 5, 'ios'],
    ['a Mac (Macintosh UA, no touch)', UA.ipadDesktopMode, 0, 'desktop'],
    ['iPhone', UA.iphone, 5, 'ios'],
    ['Android Chrome', UA.androidChrome, 5, 'android'],
    ['desktop Chrome', UA.linuxChrome, 0, 'desktop'],
  ])('%s', (_, userAgent, maxTouchPoints, kind) => {
    expect(deviceKind({ userAgent, maxTouchPoints })).toBe(kind)
  })
})

describe('isAndroidChrome', () => {
  it.each([
    ['Android Chrome', UA.androidChrome, true],
    ['an Android WebView', UA.androidWebView, false],
    ['Samsung Internet', UA.androidSamsung, false],
    ['iPhone Safari', UA.iphone, false],
    ['desktop Chrome', UA.linuxChrome, false],
  ])('%s', (_, ua, expected) => {
    expect(isAndroidChrome(ua)).toBe(expected)
  })
})

describe('browseLinks', () => {
  it("reopen this exact page (route and query) in each wallet's browser", () => {
    const page = 'https://vpos.example/chat?room=gold&x=a b'
    const links = Object.fromEntries(browseLinks(page).map((l) => [l.wallet, l.href]))
    const url = encodeURIComponent(page)
    const ref = encodeURIComponent('https://vpos.example')
    expect(links).toEqual({
      Phantom: `https://phantom.app/ul/browse/${url}?ref=${ref}`,
      Solflare: `https://solflare.com/ul/v1/browse/${url}?ref=${ref}`,
      Backpack: `https://backpack.app/ul/v1/browse/${url}?ref=${ref}`,
    })
    // The page URL survives the round trip whole.
    const phantom = new URL(links.Phantom!)
    expect(decodeURIComponent(phantom.pathname.slice('/ul/browse/'.length))).toBe(page)
  })
})

describe('chooseEntry', () => {
  const pageUrl = 'https://vpos.example/whitelist'
  it.each<[string, DeviceKind, number, boolean, string, boolean]>([
    ['desktop with an extension', 'desktop', 1, false, 'wallet', false],
    ['desktop without one', 'desktop', 0, false, 'install', false],
    ["iPad inside Phantom's browser", 'ios', 1, false, 'wallet', false],
    ['iPad Safari, nothing injected', 'ios', 0, false, 'open-in-wallet', true],
    ['iPhone Safari, nothing injected', 'ios', 0, false, 'open-in-wallet', true],
    [
      'Android Chrome with the Mobile Wallet Adapter',
      'android',
      1,
      true,
      'mobile-wallet-adapter',
      false,
    ],
    ['Android, MWA and an injected wallet', 'android', 2, true, 'wallet', false],
    ['Android browser without MWA', 'android', 0, false, 'open-in-wallet', true],
    ['another mobile browser', 'mobile', 0, false, 'open-in-wallet', true],
  ])('%s', (_, device, wallets, mobileWalletAdapter, path, links) => {
    const entry = chooseEntry({ device, wallets, mobileWalletAdapter, pageUrl })
    expect(entry.path).toBe(path)
    expect(entry.explanation).not.toContain('\n')
    expect(entry.openIn.length > 0).toBe(links)
  })
})
