/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * The documentation a user reads (#45): the README stays short, and every relative link of the
 * README, CONTRIBUTING.md, docs/, bench/ and sandbox/ pages resolves inside the repository — the
 * file exists, and a `#heading` exists in it (GitHub's anchors).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const pages = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...['docs', 'bench', 'sandbox'].flatMap((dir) =>
		fs
			.readdirSync(path.join(ROOT, dir))
			.filter((f) => f.endsWith('.md'))
			.map((f) => `${dir}/${f}`),
	),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		const m = fenced ? null : /^#{1,6} (.*)$/.exec(line);
		if (!m) continue;
		const base = m[1]
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		anchors.add(n ? `${base}-${n}` : base);
	}
	return anchors;
}

/** Every link and image target of a page, outside code blocks and code spans. */
function linksOf(markdown: string): string[] {
	const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
	return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

describe.each(pages)('%s', (page) => {
	const file = path.join(ROOT, page);
	const markdown = fs.readFileSync(file, 'utf8');

	it('every relative link resolves inside the repository', () => {
		const broken: string[] = [];
		for (const link of linksOf(markdown)) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
			const [target, anchor] = link.split('#');
			const resolved = target ? path.resolve(path.dirname(file), target) : file;
			const inside = !path.relative(ROOT, resolved).startsWith('..');
			if (!inside || !fs.existsSync(resolved)) {
				broken.push(`${link} (${inside ? 'no such file' : 'outside the repository'})`);
				continue;
			}
			if (anchor && resolved.endsWith('.md')) {
				const anchors = anchorsOf(fs.readFileSync(resolved, 'utf8'));
				if (!anchors.has(anchor)) broken.push(`${link} (no heading "#${anchor}")`);
			}
		}
		expect(broken).toEqual([]);
	});

	it("names no path outside the repository (a user's clone has nothing beside it)", () => {
		const outside: string[] = [];
		// Prose and code spans alike, code blocks excepted: an example's import in a test file.
		const prose = markdown.replace(/```[\s\S]*?```/g, '');
		for (const [found] of prose.matchAll(/(?:\.\.\/)+[\w.-]+/g)) {
			const resolved = path.resolve(path.dirname(file), found);
			if (path.relative(ROOT, resolved).startsWith('..')) outside.push(found);
		}
		for (const [found] of prose.matchAll(/(?<![\w.])\/work\/[\w./-]*/g)) outside.push(found);
		expect(outside).toEqual([]);
	});
});

it('the README is read in minutes: at most 200 lines', () => {
	const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length;
	expect(lines).toBeLessThanOrEqual(200);
});
