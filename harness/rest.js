'use strict';
/** n8n's REST API as the editor uses it: owner set-up, login (cookie), calls. */
const crypto = require('node:crypto');

const { jsonOrUndefined } = require('./process');

/** The editor's REST API: owner setup, login (cookie `n8n-auth` + the same `browser-id` header every call). */
class N8nRest {
	constructor(url, { browserId } = {}) {
		this.url = url.replace(/\/$/, '');
		this.browserId = browserId || crypto.randomUUID();
		this.cookies = {};
	}

	cookieHeader() {
		return Object.entries(this.cookies)
			.map(([k, v]) => `${k}=${v}`)
			.join('; ');
	}

	/** Raw call: returns { status, ok, json, text, headers }. */
	async call(method, p, body, { headers = {} } = {}) {
		const h = { 'browser-id': this.browserId, accept: 'application/json', ...headers };
		if (Object.keys(this.cookies).length) h.cookie = this.cookieHeader();
		if (body !== undefined) h['content-type'] = 'application/json';
		const res = await fetch(`${this.url}${p}`, {
			method,
			headers: h,
			body: body === undefined ? undefined : JSON.stringify(body),
			redirect: 'manual',
		});
		const setCookies =
			typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const [pair] = c.split(';');
			const i = pair.indexOf('=');
			if (i > 0) this.cookies[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
		}
		const text = await res.text();
		const json = jsonOrUndefined(text);
		return { status: res.status, ok: res.ok, json, text, headers: res.headers };
	}

	/** Call that throws on a non-2xx answer and returns the body's `data` (n8n wraps answers in {data}). */
	async request(method, p, body) {
		let r = await this.call(method, p, body);
		// n8n answers 503 "Database is not ready!" while its database health check has timed out
		// (seen under a queue-mode burst on 2 cores); it recovers within seconds: asked again.
		for (
			let waited = 0;
			r.status === 503 && /Database is not ready/.test(r.text) && waited < 60;
			waited++
		) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			r = await this.call(method, p, body);
		}
		if (!r.ok) {
			const err = new Error(`n8n ${method} ${p} -> ${r.status}: ${r.text.slice(0, 500)}`);
			err.response = r;
			throw err;
		}
		return r.json && Object.prototype.hasOwnProperty.call(r.json, 'data') ? r.json.data : r.json;
	}

	get(p) {
		return this.request('GET', p);
	}

	post(p, body) {
		return this.request('POST', p, body);
	}

	/** Creates the instance owner (once per user folder); harmless when it already exists. */
	async setupOwner({ email, password, firstName = 'Demo', lastName = 'Owner' }) {
		const r = await this.call('POST', '/rest/owner/setup', {
			email,
			password,
			firstName,
			lastName,
		});
		if (r.ok) return { created: true };
		if (r.status === 400 && /already/i.test(r.text)) return { created: false };
		throw new Error(`owner setup failed: ${r.status} ${r.text.slice(0, 300)}`);
	}

	async login({ email, password }) {
		const r = await this.call('POST', '/rest/login', {
			emailOrLdapLoginId: email,
			email,
			password,
		});
		if (!r.ok) throw new Error(`login failed: ${r.status} ${r.text.slice(0, 300)}`);
		if (!this.cookies['n8n-auth']) throw new Error('login did not set the n8n-auth cookie');
		return r.json && r.json.data;
	}

	/** Activates or deactivates a workflow (1.x: POST …/activate; older: PATCH `active`). */
	async setActive(workflowId, active) {
		const wf = await this.get(`/rest/workflows/${workflowId}`);
		const verb = active ? 'activate' : 'deactivate';
		const r = await this.call(
			'POST',
			`/rest/workflows/${workflowId}/${verb}`,
			active ? { versionId: wf.versionId } : {},
		);
		if (r.status === 404)
			return this.request('PATCH', `/rest/workflows/${workflowId}`, {
				active,
				versionId: wf.versionId,
			});
		if (!r.ok) throw new Error(`${verb} ${workflowId} -> ${r.status}: ${r.text.slice(0, 400)}`);
		return r.json.data;
	}
}

module.exports = {
	N8nRest,
};
