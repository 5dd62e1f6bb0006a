'use strict';
/**
 * The harness that runs this package inside a real n8n, used by `npm run test:e2e`, the
 * benchmarks and `npm run demo`. Plain CommonJS on purpose (no build step).
 *
 *   setup.js    prepareN8n / N8nFolder: a user folder with the package, credentials and
 *               workflows; its CLI; `start()` and `login()` (the one set-up sequence)
 *   install.js  ensureN8n(version), ensureNode24, ensurePlaywright (installed once into the
 *               cache, per version), packPackage, installPackageInto
 *   n8n.js      runN8nCli, startN8n (readiness and REST awaited), parseRun, loadExamples, FILES_ENV
 *   rest.js     N8nRest: owner setup, login (cookie n8n-auth + browser-id header), calls
 *   sandbox.js  startSandbox (the sandbox PIM in its own process), addExampleAccounts
 *   process.js  run(cmd, args), freePort, portInUse, sleep, fmtMs; children killed on exit
 *   settings.js OFFLINE_ENV (n8n offline, quiet, on loopback), DEFAULT_ENCRYPTION_KEY
 *   browser.js  CHROMIUM (Debian's), its flags, missingBrowser, settle (editor requests done)
 *   workflows.js (not re-exported) event-driven workflows the e2e test and bench scenario 7 build
 *
 * n8n is never a dependency of this package: it is installed into a cache folder
 * (`<repo>/.cache/n8n-<version>`, or `$N8N_PIM_CACHE/n8n-<version>`).
 */
module.exports = {
	...require('./process'),
	...require('./settings'),
	...require('./install'),
	...require('./n8n'),
	...require('./rest'),
	...require('./sandbox'),
	...require('./setup'),
	...require('./browser'),
};
