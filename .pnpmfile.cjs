// why: isolated-vm 5.0.4 declares `node >= 18` but is only the build for Node 20 (22 and newer
// load 6.2.0 or 7.0.1, prebuilt). Narrowing its engines lets pnpm skip that optional alias on
// other lines instead of compiling C++ nobody loads (about 2 minutes on Node 22).
module.exports = {
  hooks: {
    readPackage(manifest) {
      if (manifest.name === 'isolated-vm' && manifest.version === '5.0.4') {
        manifest.engines = { ...manifest.engines, node: '>=20.0.0 <21.0.0' }
      }
      return manifest
    },
  },
}
