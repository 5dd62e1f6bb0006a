'use strict';
/**
 * The editor in a real browser: Debian's Chromium (playwright-core from install.js drives it; a
 * test tool's own browser download does not work here), for the e2e browser test and bench
 * scenario 5.
 */
const fs = require('node:fs');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-background-networking',
	'--disable-gpu',
	'--no-first-run',
	'--disable-component-update',
	'--disable-sync',
];

/** Why the browser test cannot run here, or null. */
function missingBrowser() {
	if (!fs.existsSync(CHROMIUM))
		return `${CHROMIUM} not found: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`;
	return null;
}

/** Waits until the editor's dropdown/mapper requests are done (they start a moment after opening). */
async function settle(page, pending, ms = 15000) {
	await page.waitForTimeout(700);
	for (const t0 = Date.now(); pending.size && Date.now() - t0 < ms; )
		await page.waitForTimeout(200);
	if (pending.size)
		throw new Error(
			`editor requests still pending after ${ms / 1000} s: ${[...pending].map((r) => r.url()).join(', ')}`,
		);
}

module.exports = { CHROMIUM, CHROMIUM_ARGS, missingBrowser, settle };
