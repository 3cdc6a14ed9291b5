/**
 * electron-builder configuration: Linux AppImage and deb, Windows NSIS, macOS dmg.
 * `npm run dist` builds the bundles and icons first. A real release needs internet (the Electron
 * download and better-sqlite3 rebuilt for Electron's ABI); test/unit/packaging.test.ts packs
 * app.asar offline with a stub Electron to check what goes in.
 * @type {import('electron-builder').Configuration}
 */
module.exports = {
  appId: 'app.paydesk.pos',
  productName: 'Paydesk',
  copyright: 'Copyright © 2026 Paydesk',
  directories: { output: 'release', buildResources: 'build' },
  // Only the bundles: sources, tests, benchmarks and source maps stay out of the package.
  files: [
    'package.json',
    'dist/electron/main.cjs',
    'dist/electron/preload.cjs',
    'dist/renderer/**',
    '!dist/renderer/.built',
    '!**/*.map',
    '!node_modules/@foundry-rs/**',
  ],
  extraMetadata: { main: 'dist/electron/main.cjs' },
  // The native SQLite binding cannot load from inside an asar archive.
  asarUnpack: ['node_modules/better-sqlite3/**'],
  npmRebuild: true,
  // Fuses flipped in the Electron binary at packaging (README "Security"): the packaged app cannot be
  // run as plain Node, takes no NODE_OPTIONS or --inspect, and loads only its own, integrity-checked asar.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  protocols: [],
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    icon: 'build/icons',
    synopsis: 'Point of sale for shops that take crypto in person',
    maintainer: 'Paydesk <hello@paydesk.invalid>',
  },
  deb: { depends: ['libnss3', 'libgtk-3-0', 'libxss1', 'libasound2'] },
  win: { target: ['nsis'], icon: 'build/icons/256x256.png' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false },
  mac: { target: ['dmg'], category: 'public.app-category.business', icon: 'build/icons/512x512.png' },
  dmg: { title: 'Paydesk' },
};
