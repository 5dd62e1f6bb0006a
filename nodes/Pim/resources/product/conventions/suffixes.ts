import type { AccountAttribute } from '../../../shared/attributes';
import { fail } from '../../../shared/params';
import { text } from '../../../shared/records';
import { amountWith, attributeLabel, CURRENCY, HEADER, isPrice, LOCALE, unitName } from './values';
import type { ColumnValue, NameReader, Reader, Reading } from './values';

/**
 * Akeneo's `<attribute>-unit`: the unit (`kg`, `Kilogram`) of the attribute's first value read so
 * far (its own column, or one read before), for its bare amount. Read only when there is one.
 */
export const unitColumn: NameReader = {
	name: /^(.+)-unit$/i,
	read(r, column, [, name]) {
		const attribute = r.one(name);
		const target =
			attribute && [...r.direct, ...r.values].find((v) => v.attribute.code === attribute.code);
		if (!target) return;
		const unit = unitName(text(r.row[column])) ?? text(r.row[column]).trim();
		if (unit) target.value = amountWith(target.value, unit);
		r.used.add(column);
	},
};

/** A unit or a currency in the header: `Weight (lbs)`, `Price (EUR)`, for its bare amounts. */
export const unitInHeader: NameReader = {
	name: HEADER,
	read(r, column, [, name, unit]) {
		const attribute = r.one(name);
		if (!attribute) return;
		if (CURRENCY.test(unit) && isPrice(attribute)) return priceIn(r, column, attribute, unit);
		const given = unitName(unit) ?? (CURRENCY.test(unit) ? unit : undefined);
		if (given) r.write(attribute, column, amountWith(r.row[column], given));
	},
};

/**
 * A price column in one currency (`price-EUR`, `Price (EUR)`): written with it, unless Import
 * Options → Currency names another (reported: a write holds one price).
 */
function priceIn(r: Reading, column: string, attribute: AccountAttribute, currency: string) {
	const given = currency.toUpperCase();
	r.used.add(column);
	r.priced.set(column, given);
	const { currency: wanted } = r.scope;
	if (wanted && given !== wanted) {
		const reason = `a price in ${given}; this write's currency is ${wanted} (Import Options → Currency)`;
		r.notHere.push({ column, kind: 'currency', reason });
	} else r.write(attribute, column, amountWith(r.row[column], given));
}

/**
 * Akeneo's suffixes: `<price>-<CUR>`, `<attribute>-<locale>[-<channel>]`, `<attribute>-<channel>`,
 * UnoPim's `<price>-<channel>-<CUR>` (a price per channel and currency: `msrp-ecommerce-USD`);
 * the attribute is the longest start of the name, up to a `-`, that names one. A price in another
 * currency than Import Options → Currency's is reported (a write holds one price).
 */
export const akeneoSuffixes: NameReader = {
	name: /-/,
	read(r, column) {
		const parts = column.trim().split('-');
		for (let cut = parts.length - 1; cut >= 1; cut--) {
			const attribute = r.one(parts.slice(0, cut).join('-'));
			if (!attribute) continue;
			const suffix = parts.slice(cut);
			if (suffix.length === 1 && CURRENCY.test(suffix[0]) && isPrice(attribute))
				priceIn(r, column, attribute, suffix[0]);
			else if (suffix.length === 2 && CURRENCY.test(suffix[1]) && isPrice(attribute))
				scoped(r, column, attribute, [suffix[0]], suffix[1]);
			else if (suffix.length === 1 || (suffix.length === 2 && LOCALE.test(suffix[0])))
				scoped(r, column, attribute, suffix);
			return;
		}
	},
};

/**
 * `-<locale>[-<channel>]`, `-<channel>`: written when the locale is the write's language and the
 * channel one of its channels (as it is or through the Channel Map); with All Languages, another
 * locale's goes to that locale's write. Else reported: by its channel first, then its language.
 */
function scoped(
	r: Reading,
	column: string,
	attribute: AccountAttribute,
	suffix: string[],
	/** A price's currency, in the column's name. */
	currency?: string,
) {
	const { scope } = r;
	const locale = LOCALE.test(suffix[0]) ? suffix[0] : undefined;
	const channel = locale ? suffix[1] : suffix[0];
	const languageFits = !locale || locale.toLowerCase() === scope.language.toLowerCase();
	const own = (name: string) =>
		scope.channels.some((names) => names.some((c) => c.toLowerCase() === name.toLowerCase()));
	const mapped = channel && scope.channel ? scope.channel(channel) : channel;
	const channelFits = !channel || own(channel) || own(mapped!);
	r.used.add(column);
	if (currency) r.priced.set(column, currency.toUpperCase());
	const value = r.valueOf(
		attribute,
		column,
		currency ? amountWith(r.row[column], currency.toUpperCase()) : r.row[column],
	);
	const wanted = r.scope.currency;
	if (currency && wanted && currency.toUpperCase() !== wanted) {
		const reason = `a price in ${currency.toUpperCase()}; this write's currency is ${wanted} (Import Options → Currency)`;
		r.notHere.push({ column, kind: 'currency', reason });
	} else if (languageFits && channelFits) {
		if (channel && !own(channel)) r.byChannelMap.add(value);
		r.values.push(value);
	} else if (locale && channelFits && scope.allLanguages)
		r.otherLanguages.set(locale, [...(r.otherLanguages.get(locale) ?? []), value]);
	else {
		const reason = channelFits
			? `language ${locale}; this write's language is ${scope.language} (Import Options → All Languages writes the others)`
			: `channel ${channel}; this write's channels are ${scope.channels.map((names) => names[0]).join(', ') || 'none'} (Import Options → Channel Map sends a column's channel to one of them)`;
		r.notHere.push({ column, kind: channelFits ? 'language' : 'channel', reason });
	}
}

/** A column of the write's own channel wins over one the Channel Map gave it (reported). */
export const ownChannelFirst: Reader = (r) => {
	for (const v of r.byChannelMap) {
		const other = [...r.direct, ...r.values].find(
			(o) => o !== v && !r.byChannelMap.has(o) && o.attribute.code === v.attribute.code,
		);
		if (!other) continue;
		const reason = `the column "${other.fields[0]}" gives the attribute "${v.attribute.code}" for the write's own channel`;
		r.drop(v, 'givenElsewhere', reason);
	}
};

/**
 * One price in several currencies (`<price>-<CUR>`), no Import Options → Currency: the one the
 * account has is written, the others reported; none or several of the account's fail the row.
 */
export const accountCurrency: Reader = (r) => {
	if (r.scope.currency || !r.scope.accountCurrencies) return;
	const have = new Set(r.scope.accountCurrencies.map((c) => c.toUpperCase()));
	const byAttribute = new Map<string, ColumnValue[]>();
	for (const v of r.values)
		if (r.priced.has(v.fields[0]))
			byAttribute.set(v.attribute.code, [...(byAttribute.get(v.attribute.code) ?? []), v]);
	const currencyOf = (v: ColumnValue) => r.priced.get(v.fields[0])!;
	for (const list of byAttribute.values()) {
		if (list.length < 2) continue;
		const kept = list.filter((v) => have.has(currencyOf(v)));
		if (kept.length !== 1)
			fail(
				`Parameter "Attributes": ${list.map((v) => v.source).join(' and ')} ${list.length === 2 ? 'both' : 'all'} give the attribute ${attributeLabel(list[0].attribute)}`,
				`A price in several currencies: set Import Options → Currency to the one to write. The account's currencies: ${[...have].join(', ') || 'none'}.`,
			);
		for (const v of list.filter((other) => other !== kept[0])) {
			const reason = `a price in ${currencyOf(v)}, which is no currency of the account (${[...have].join(', ')})`;
			r.drop(v, 'currency', reason);
		}
	}
};
