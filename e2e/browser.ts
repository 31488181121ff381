import { chromium, type Browser, type BrowserContext, devices } from 'playwright-core'

/** Debian's Chromium (apt-get install chromium); playwright-core never downloads a browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A phone: most buyers arrive on one. 390×844, the size every screen is drawn and looked at. */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7']!
  return browser.newContext({
    ...pixel,
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    baseURL,
    locale: 'pt-BR',
  })
}
