'use strict';
/**
 * The harness: every real n8n, sandbox PIM and server that the e2e tests, the benchmarks and
 * `npm run demo` start, and the in-process n8n the jest tests and benches run the node in. Plain
 * CommonJS on purpose (no build step), but for in-process.ts.
 *
 *   setup.js    prepareN8n / N8nFolder: a user folder with the package, credentials and
 *               workflows; its CLI (with a bench's Node flags and memory samples); `start()` and
 *               `login()` (the one set-up sequence); DEFAULT_OWNER, the one owner of them all
 *   install.js  ensureN8n(version), ensureNode24, ensurePlaywright (installed once into the
 *               cache, per version), packPackage, installPackageInto
 *   n8n.js      runN8nCli, startN8n (readiness and REST awaited), parseRun, loadExamples, FILES_ENV
 *   rest.js     N8nRest: owner setup, login (cookie n8n-auth + browser-id header), calls
 *   sandbox.js  startSandbox (the sandbox PIM in its own process); its accounts: DEMO_ACCOUNT and
 *               the examples' others, sandboxCredential, credentialRef, accountHeaders
 *   services.js startQueueServices: Redis and PostgreSQL for queue mode
 *   process.js  run(cmd, args), startProcess (a server in its own process group), freePort,
 *               portInUse, rssOf, sleep, fmtMs; children killed on exit
 *   settings.js OFFLINE_ENV (n8n offline, quiet, on loopback), DEFAULT_ENCRYPTION_KEY
 *   browser.js  CHROMIUM (Debian's), its flags, missingBrowser, settle (editor requests done)
 *   event-workflows.js (not re-exported) event-driven workflows the e2e test and bench scenario 7 build
 *   product-write.js (not re-exported; typed by product-write.d.ts for the jest tests) the
 *               parameters of a product write (Create, Update, Create or Update), built once
 *   in-process.ts (not re-exported; TypeScript, through ts-jest or ts-node) n8n-core's
 *               WorkflowExecute, LoadOptionsContext and PollContext around the built node
 *   background-timers.js (not re-exported) n8n-core's own intervals let go, the package's leaks found
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
	...require('./services'),
	...require('./setup'),
	...require('./browser'),
};
