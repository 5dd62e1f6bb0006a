'use strict';
/** The settings every n8n of the harness runs with. */

/** Settings that keep n8n offline, quiet and on loopback. */
const OFFLINE_ENV = {
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
	N8N_TEMPLATES_ENABLED: 'false',
	N8N_PERSONALIZATION_ENABLED: 'false',
	N8N_HIRING_BANNER_ENABLED: 'false',
	N8N_AI_ENABLED: 'false',
	N8N_HOST: '127.0.0.1',
	N8N_LISTEN_ADDRESS: '127.0.0.1',
	N8N_PROTOCOL: 'http',
	N8N_SECURE_COOKIE: 'false',
	// Set explicitly so that 1.x prints no deprecation warnings about their defaults.
	N8N_RUNNERS_ENABLED: 'true',
	N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
	N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
	N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
	N8N_PUBLIC_API_DISABLED: 'true',
	N8N_LOG_LEVEL: 'info',
	N8N_LOG_OUTPUT: 'console',
	DB_TYPE: 'sqlite',
	DB_SQLITE_POOL_SIZE: '2',
	GENERIC_TIMEZONE: 'UTC',
	TZ: 'UTC',
	NODE_ENV: 'production',
};

const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-pim-local-key-do-not-use-in-production';

module.exports = {
	OFFLINE_ENV,
	DEFAULT_ENCRYPTION_KEY,
};
