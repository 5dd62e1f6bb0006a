'use strict';
/**
 * A dependency-free SVG chart: stacked panels of horizontal bars, each bar with an optional
 * min–max whisker, optional section headings and an optional target line.
 *
 * panel = { title, unit, format(v) -> string, target?: { value, label }, rows: [
 *   { heading: 'text' } | { label, value, lo?, hi?, color?, note? } ] }
 */

const WIDTH = 960;
const LABEL_W = 300;
const BAR_W = 500;
const ROW_H = 22;
const BAR_H = 15;
const HEADING_H = 22;
const PANEL_TOP = 44;
const PANEL_BOTTOM = 34;
const PANEL_GAP = 26;

function esc(text) {
	return String(text)
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

function niceStep(max, ticks = 5) {
	const raw = max / ticks;
	const mag = 10 ** Math.floor(Math.log10(raw));
	const norm = raw / mag;
	const step = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
	return step * mag;
}

function panelHeight(panel) {
	let h = PANEL_TOP + PANEL_BOTTOM;
	for (const row of panel.rows) h += row.heading !== undefined ? HEADING_H : ROW_H;
	return h;
}

function renderPanel(panel, y0) {
	const out = [];
	const format = panel.format ?? ((v) => String(Math.round(v)));
	const bars = panel.rows.filter((r) => r.heading === undefined);
	let max = 0;
	for (const b of bars) max = Math.max(max, b.value || 0, b.hi || 0);
	if (panel.target) max = Math.max(max, panel.target.value);
	if (max <= 0) max = 1;
	const step = niceStep(max * 1.05);
	const top = Math.ceil((max * 1.05) / step) * step;
	const x = (v) => LABEL_W + (Math.max(0, v) / top) * BAR_W;
	const h = panelHeight(panel);
	const plotTop = y0 + PANEL_TOP - 6;
	const plotBottom = y0 + h - PANEL_BOTTOM + 4;

	out.push(`<text x="16" y="${y0 + 20}" class="title">${esc(panel.title)}</text>`);
	if (panel.subtitle)
		out.push(`<text x="16" y="${y0 + 36}" class="sub">${esc(panel.subtitle)}</text>`);
	for (let t = 0; t <= top + step / 2; t += step) {
		const tx = x(t).toFixed(1);
		out.push(`<line x1="${tx}" y1="${plotTop}" x2="${tx}" y2="${plotBottom}" class="grid"/>`);
		out.push(
			`<text x="${tx}" y="${plotBottom + 14}" class="tick" text-anchor="middle">${esc(format(t))}</text>`,
		);
	}
	out.push(
		`<text x="${LABEL_W + BAR_W}" y="${plotBottom + 28}" class="tick" text-anchor="end">${esc(panel.unit)}</text>`,
	);

	let y = y0 + PANEL_TOP;
	for (const row of panel.rows) {
		if (row.heading !== undefined) {
			out.push(`<text x="16" y="${y + 15}" class="heading">${esc(row.heading)}</text>`);
			y += HEADING_H;
			continue;
		}
		const by = y + (ROW_H - BAR_H) / 2;
		out.push(
			`<text x="${LABEL_W - 8}" y="${by + BAR_H - 3}" class="label" text-anchor="end">${esc(row.label)}</text>`,
		);
		const w = Math.max(1, x(row.value || 0) - LABEL_W);
		out.push(
			`<rect x="${LABEL_W}" y="${by}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${row.color ?? '#4e79a7'}"><title>${esc(
				`${row.label}: ${format(row.value)} ${panel.unit}`,
			)}</title></rect>`,
		);
		if (row.lo !== undefined && row.hi !== undefined && row.hi > row.lo) {
			const cy = by + BAR_H / 2;
			out.push(
				`<line x1="${x(row.lo).toFixed(1)}" y1="${cy}" x2="${x(row.hi).toFixed(1)}" y2="${cy}" class="whisker"/>`,
			);
			for (const v of [row.lo, row.hi]) {
				out.push(
					`<line x1="${x(v).toFixed(1)}" y1="${cy - 4}" x2="${x(v).toFixed(1)}" y2="${cy + 4}" class="whisker"/>`,
				);
			}
		}
		const text = `${format(row.value)}${row.note ? `  ${row.note}` : ''}`;
		const tx = Math.max(x(row.value || 0), row.hi !== undefined ? x(row.hi) : 0) + 6;
		out.push(`<text x="${tx.toFixed(1)}" y="${by + BAR_H - 3}" class="value">${esc(text)}</text>`);
		y += ROW_H;
	}
	if (panel.target) {
		const tx = x(panel.target.value).toFixed(1);
		out.push(`<line x1="${tx}" y1="${plotTop}" x2="${tx}" y2="${plotBottom}" class="target"/>`);
		out.push(
			`<text x="${tx}" y="${plotTop - 3}" class="targetlabel" text-anchor="middle">${esc(panel.target.label)}</text>`,
		);
	}
	return { svg: out.join('\n'), height: h };
}

/** The whole picture: a caption line and the panels one below the other. */
function renderChart({ caption, panels }) {
	const parts = [];
	let y = caption ? 34 : 10;
	for (const panel of panels) {
		const { svg, height } = renderPanel(panel, y);
		parts.push(svg);
		y += height + PANEL_GAP;
	}
	const height = Math.ceil(y);
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif">`,
		'<style>',
		'.title{font-size:15px;font-weight:bold;fill:#222}.sub{font-size:11px;fill:#555}',
		'.heading{font-size:12px;font-weight:bold;fill:#333}.label{font-size:12px;fill:#222}',
		'.value{font-size:11px;fill:#222}.tick{font-size:10px;fill:#666}',
		'.grid{stroke:#e3e3e3;stroke-width:1}.whisker{stroke:#222;stroke-width:1.2}',
		'.target{stroke:#d62728;stroke-width:1.5;stroke-dasharray:5 3}.targetlabel{font-size:10px;fill:#d62728}',
		'.caption{font-size:11px;fill:#555}',
		'</style>',
		`<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
		caption ? `<text x="16" y="20" class="caption">${esc(caption)}</text>` : '',
		...parts,
		'</svg>',
		'',
	].join('\n');
}

module.exports = { renderChart };
