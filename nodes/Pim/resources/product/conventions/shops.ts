import { text } from '../../../shared/records';
import { isNoValue, unitOfHeader, type Reader } from './values';

/**
 * Name/value pairs, WooCommerce's `Attribute N name` + `value(s)` (+ `visible`, `global`,
 * `default`) and Shopify's `OptionN Name` + `Value` (+ `Linked To`): the value goes to the
 * attribute the name names. No name, or Shopify's `Title` = `Default Title` (no options), writes
 * nothing; a name that names no attribute, or several, is reported if its value sends something.
 */
export const namePairs: Reader = (r) => {
	for (const column of r.unmatched) {
		const [, woo, n] = /^(?:(attribute )|option)(\d+) name$/i.exec(column.trim()) ?? [];
		if (n === undefined) continue;
		const valueColumn = woo
			? (r.byLower.get(`attribute ${n} value(s)`) ?? r.byLower.get(`attribute ${n} values`))
			: r.byLower.get(`option${n} value`);
		const companions = woo
			? ['visible', 'global', 'default'].map((w) => r.byLower.get(`attribute ${n} ${w}`))
			: [r.byLower.get(`option${n} linked to`)];
		for (const c of [column, valueColumn, ...companions]) if (c !== undefined) r.used.add(c);
		const name = text(r.row[column]).trim();
		const value = valueColumn === undefined ? undefined : r.row[valueColumn];
		if (!name || (name.toLowerCase() === 'title' && text(value) === 'Default Title')) continue;
		const attribute = r.one(name);
		if (attribute)
			r.values.push({
				attribute,
				value,
				source: `the input fields "${column}" and "${valueColumn}"`,
				fields: [column, valueColumn].filter((c): c is string => c !== undefined),
			});
		else if (!isNoValue(value)) {
			const found = r.match(name);
			const reason = `${found.length ? `"${name}" names ${found.length} attributes (${found.map((a) => a.code).join(', ')})` : `"${name}" names no attribute of the account (code or title)`}: its value${valueColumn === undefined ? '' : ` in "${valueColumn}"`} is not written`;
			r.notHere.push({ column: `${column} (${name})`, kind: 'noAttribute', reason });
		}
	}
};

/**
 * Magento's `additional_attributes`: `code=value` pairs joined by commas, a multi-select's values
 * joined by `|`. A pair for an attribute a column names as it is, or for none, is reported.
 */
export const magentoAttributes: Reader = (r) => {
	const column = r.byLower.get('additional_attributes');
	if (column === undefined) return;
	r.used.add(column);
	for (const pair of text(r.row[column]).split(',')) {
		const at = pair.indexOf('=');
		if (at < 1) continue;
		const name = pair.slice(0, at).trim();
		const value = pair.slice(at + 1).trim();
		const attribute = r.one(name);
		if (attribute && !r.given(attribute.code))
			r.values.push({
				attribute,
				value: value.includes('|') ? value.split('|').map((v) => v.trim()) : value,
				source: `the input field "${column}" (${name})`,
				fields: [column],
			});
		else
			r.notHere.push({
				column: `${column} (${name})`,
				kind: attribute ? 'givenElsewhere' : 'noAttribute',
				reason: attribute
					? `another column gives the attribute "${attribute.code}"`
					: `no attribute is named "${name}"`,
			});
	}
};

/**
 * Shopify's `Variant Grams`: the weight in grams, unless a column names the weight as it is.
 * `Variant Weight Unit` is read, and written nowhere, when the weight came in grams: by Variant
 * Grams, or by a column named as it is whose header says grams (`Weight (g)`).
 */
export const variantGrams: Reader = (r) => {
	const grams = r.byLower.get('variant grams');
	const weight = grams === undefined ? undefined : r.one('weight');
	if (grams !== undefined && weight && !r.given(weight.code)) r.write(weight, grams);
	const unit = r.byLower.get('variant weight unit');
	if (unit === undefined) return;
	const inGrams =
		r.used.has(grams ?? '') ||
		r.direct.some((d) => d.fields.some((f) => unitOfHeader(f) === 'Gram'));
	if (inGrams) r.used.add(unit);
};

/** Shopify's `Variant Image`: the variant's own image, first of its product's images. */
export const variantImage: Reader = (r) => {
	const column = r.byLower.get('variant image');
	if (column === undefined) return;
	r.used.add(column);
	const url = text(r.row[column]).trim();
	if (url) r.images.push(url);
};
