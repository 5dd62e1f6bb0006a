// n8n-core reads its instance settings from the user folder: keep tests away from ~/.n8n.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

require('../harness/background-timers');

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'pim-n8n-test-'));
}
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
