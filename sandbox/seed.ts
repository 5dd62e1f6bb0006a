/**
 * Deterministic seed data. Two catalogue profiles (sandbox/profiles/*.json): `retail` (used by `demo`
 * and by added accounts) and `industrial` (used by `acme`), so tenants visibly differ. Everything
 * else derives from a seeded PRNG.
 */
import {
	ATTRIBUTE_TYPE_LABELS,
	type AccountData,
	type AttributeKind,
	type AttributeRecord,
	type CategoryRecord,
	type ChannelRecord,
	type FamilyRecord,
	type ProductCategory,
	type ProductChannel,
	type ProductRecord,
} from './records';
import BASE_ATTRIBUTES from './profiles/base-attributes.json';
import industrialProfile from './profiles/industrial.json';
import retailProfile from './profiles/retail.json';
import { floor, formatDateTime, formatSlashDate, Rng, slugify } from './util';

const toStr = String;

interface AttributeDef {
	code: string;
	title: string;
	kind: AttributeKind;
	group: string;
	builtIn: 0 | 1;
	options?: string[];
}
interface FamilyDef {
	code: string;
	title: string;
	nouns: string[];
	sizes?: string[];
	/** Attribute codes beyond the common set. */
	extra: string[];
	/** The family's attributes, exactly (a profile file's); else the common set plus `extra`. */
	attributes?: string[];
}
interface CategoryDef {
	code: string;
	title: string;
	children?: CategoryDef[];
	/**
	 * False: seeded products are never put in it. Categories added after the first seeds (a title
	 * under two parents) leave every seeded product as it was.
	 */
	seedProducts?: false;
}
interface ChannelDef {
	code: string;
	name: string;
	attributes: string[] | 'all';
	categories: CategoryDef[];
}
/** A catalogue's structure: the built-in retail and industrial ones, or a profile file's (profile.ts). */
export interface Profile {
	user: string;
	adjectives: string[];
	attributes: AttributeDef[];
	families: FamilyDef[];
	channels: ChannelDef[];
	locales: Array<[code: string, name: string, flag: string, status: number]>;
	currencies: Array<[code: string, status: number]>;
	relations: Array<[code: string, title: string, type: string, status: number]>;
}

const COMMON_ATTRIBUTES = [
	'name',
	'upc',
	'color',
	'price',
	'weight',
	'inStock',
	'warranty',
	'manu_date',
	'web_description',
	'short_description',
	'meta_keyword',
	'meta_description',
	'banner',
	'catalog',
];

/**
 * The two built-in account structures, as data (sandbox/profiles/): a retail shop (every domain
 * but `acme`) and an industrial supplier (`acme`). Each names its colours (the options of the
 * base attributes' Color) and its own attributes beside the base ones.
 */
interface ProfileData extends Omit<Profile, 'attributes'> {
	colors: string[];
	attributes: AttributeDef[];
}

function profile(data: ProfileData): Profile {
	const { colors, attributes, ...rest } = data;
	const base = (BASE_ATTRIBUTES as AttributeDef[]).map((a) =>
		a.code === 'color' ? { ...a, options: colors } : a,
	);
	return { ...rest, attributes: [...base, ...attributes] };
}

const RETAIL = profile(retailProfile as unknown as ProfileData);
const INDUSTRIAL = profile(industrialProfile as unknown as ProfileData);

export function profileName(domain: string): 'retail' | 'industrial' {
	return domain.toLowerCase() === 'acme' ? 'industrial' : 'retail';
}

const DAY = 86_400_000;
const CATALOG_BASE = Date.UTC(2023, 5, 1, 9, 0, 0);
const PRODUCT_BASE = Date.UTC(2024, 0, 1, 0, 0, 0);
const PRODUCT_END = Date.UTC(2025, 9, 31, 23, 59, 59);
const WARRANTIES = ['None', '6 months', '1 year', '2 years', '3 years'];
const COMPLETENESS = ['complete', 'incomplete'];
const GENERATED_KINDS: AttributeKind[] = ['text', 'textarea', 'number', 'select'];
const GENERATED_OPTIONS = ['Option A', 'Option B', 'Option C'];

export interface SeedParams {
	domain: string;
	seed: number;
	products: number;
	extraAttributes: number;
	empty: boolean;
	/** The account's structure instead of the built-in one its domain picks. */
	profile?: Profile;
}

export function emptyAccountData(): AccountData {
	return {
		families: [],
		channels: [],
		attributes: [],
		locales: [],
		currencies: [],
		categories: [],
		relations: [],
		products: [],
	};
}

/** Generates the whole initial state of an account. */
export function generateAccount(params: SeedParams): AccountData {
	if (params.empty) return emptyAccountData();
	const profile =
		params.profile ?? (profileName(params.domain) === 'industrial' ? INDUSTRIAL : RETAIL);
	const catalogRng = new Rng(params.seed ^ 0x5eed5eed);
	const stamps = (index: number): { created_at: string; updated_at: string } => {
		const created = CATALOG_BASE + index * DAY + catalogRng.int(0, 3600) * 1000;
		return {
			created_at: formatDateTime(new Date(created)),
			updated_at: formatDateTime(new Date(created + catalogRng.int(0, 200) * DAY)),
		};
	};

	// Attributes (base profile attributes, then generated ones)
	const groupIds = new Map<string, number>();
	const groupId = (name: string): number => {
		let id = groupIds.get(name);
		if (id === undefined) {
			id = groupIds.size + 1;
			groupIds.set(name, id);
		}
		return id;
	};
	const attributes: AttributeRecord[] = profile.attributes.map((def, i) => ({
		id: i + 1,
		code: def.code,
		built_in: def.builtIn,
		created_by: def.builtIn ? 'System' : profile.user,
		title: def.title,
		type: ATTRIBUTE_TYPE_LABELS[def.kind],
		group_name: def.group,
		group_id: groupId(def.group),
		kind: def.kind,
		...(def.options ? { options: def.options.slice() } : {}),
	}));
	const generated: AttributeRecord[] = [];
	for (let n = 1; n <= params.extraAttributes; n++) {
		const kind = GENERATED_KINDS[(n - 1) % GENERATED_KINDS.length];
		const code = 'attr_' + String(n).padStart(5, '0');
		const rec: AttributeRecord = {
			id: attributes.length + 1,
			code,
			built_in: 0,
			created_by: profile.user,
			title: 'Attribute ' + String(n).padStart(5, '0'),
			type: ATTRIBUTE_TYPE_LABELS[kind],
			group_name: 'Generated',
			group_id: groupId('Generated'),
			kind,
		};
		if (kind === 'select') rec.options = GENERATED_OPTIONS.slice();
		attributes.push(rec);
		generated.push(rec);
	}
	const attrByCode = new Map(attributes.map((a) => [a.code, a]));

	// Families
	let stampIndex = 0;
	const families: FamilyRecord[] = profile.families.map((def, i) => ({
		id: i + 1,
		code: def.code,
		status: 1,
		created_by: profile.user,
		...stamps(stampIndex++),
		title: def.title,
		attributeCodes: def.attributes ?? [
			...COMMON_ATTRIBUTES.slice(0, 2),
			...def.extra,
			...COMMON_ATTRIBUTES.slice(2),
		],
	}));

	// Channels and their category trees
	const channels: ChannelRecord[] = [];
	const categories: CategoryRecord[] = [];
	const withoutSeededProducts = new Set<CategoryRecord>();
	const later: Array<{
		node: CategoryDef;
		order: number;
		parent: CategoryRecord | null;
		channel: ChannelRecord;
		def: ChannelDef;
	}> = [];
	const categoryRecord = (
		node: CategoryDef,
		order: number,
		parent: CategoryRecord | null,
		channel: ChannelRecord,
		def: ChannelDef,
		times: { created_at: string; updated_at: string },
	): CategoryRecord => ({
		id: categories.length + 1,
		code: node.code,
		parent_id: parent ? parent.id : null,
		status: 1,
		sort_order: order + 1,
		created_by: 1,
		updated_by: 1,
		...times,
		title: node.title,
		description: parent ? null : `${node.title} in ${def.name}`,
		channel_id: channel.id,
		category_status: 1,
		channelCode: channel.code,
		path: parent ? parent.path + '/' + node.title : node.title,
	});
	profile.channels.forEach((def, i) => {
		const channel: ChannelRecord = {
			id: i + 1,
			code: def.code,
			status: 1,
			sort_order: i + 1,
			...stamps(stampIndex++),
			created_by_user: profile.user,
			name: def.name,
			attributeCodes:
				def.attributes === 'all' ? 'all' : def.attributes.filter((c) => attrByCode.has(c)),
		};
		channels.push(channel);
		const walk = (nodes: CategoryDef[], parent: CategoryRecord | null): void => {
			nodes.forEach((node, order) => {
				if (node.seedProducts === false) {
					later.push({ node, order, parent, channel, def });
					return;
				}
				const cat = categoryRecord(node, order, parent, channel, def, stamps(stampIndex++));
				categories.push(cat);
				if (node.children) walk(node.children, cat);
			});
		};
		walk(def.categories, null);
	});
	// Categories added after the first seeds come last, with fixed times: every earlier record
	// keeps its id and times, and no seeded product is put in them.
	for (let i = 0; i < later.length; i++) {
		const { node, order, parent, channel, def } = later[i];
		const at = formatDateTime(new Date(CATALOG_BASE));
		const cat = categoryRecord(node, order, parent, channel, def, {
			created_at: at,
			updated_at: at,
		});
		categories.push(cat);
		withoutSeededProducts.add(cat);
		for (const [k, child] of (node.children ?? []).entries())
			later.push({ node: { ...child, seedProducts: false }, order: k, parent: cat, channel, def });
	}

	const locales = profile.locales.map(([code, name, flag, status], i) => ({
		id: i + 1,
		code,
		name,
		flag,
		status,
		...stamps(stampIndex++),
	}));
	const currencies = profile.currencies.map(([code, status], i) => ({
		id: i + 1,
		code,
		status,
		...stamps(stampIndex++),
	}));
	const relations = profile.relations.map(([code, title, type, status], i) => ({
		id: i + 1,
		code,
		title,
		type,
		status,
		...stamps(stampIndex++),
	}));

	const products = generateProducts(
		params,
		profile,
		families,
		channels,
		categories.filter((c) => !withoutSeededProducts.has(c)),
		attrByCode,
		generated,
	);
	return { families, channels, attributes, locales, currencies, categories, relations, products };
}

/** Lazily filled caches of strings shared between products (keeps seeding fast and memory small). */
class StringCache {
	private readonly days: Array<string | undefined> = new Array<string | undefined>(1200).fill(
		undefined,
	);
	private readonly times: Array<string | undefined> = new Array<string | undefined>(86400).fill(
		undefined,
	);
	private readonly slashDays: Array<string | undefined> = new Array<string | undefined>(2400).fill(
		undefined,
	);
	private readonly weights: Array<string | undefined> = new Array<string | undefined>(250).fill(
		undefined,
	);

	/** `YYYY-MM-DD HH:MM:SS` for a timestamp in whole seconds since PRODUCT_BASE. */
	dateTime(seconds: number): string {
		const day = floor(seconds / 86400);
		const tod = seconds - day * 86400;
		let d = this.days[day];
		if (d === undefined)
			d = this.days[day] = formatDateTime(new Date(PRODUCT_BASE + day * DAY)).slice(0, 11);
		let t = this.times[tod];
		if (t === undefined) {
			t = this.times[tod] = formatDateTime(new Date(PRODUCT_BASE + tod * 1000)).slice(11);
		}
		return d + t;
	}
	slashDate(day: number): string {
		let d = this.slashDays[day];
		if (d === undefined) d = this.slashDays[day] = formatSlashDate(new Date(MANU_BASE + day * DAY));
		return d;
	}
	weight(tenths: number): string {
		let w = this.weights[tenths];
		if (w === undefined) w = this.weights[tenths] = (0.1 + tenths / 10).toFixed(1) + ' kg';
		return w;
	}
}

/** An empty object in V8 dictionary mode (keeps Object.prototype). */
function dictionaryObject(): Record<string, string> {
	const o: Record<string, string> = { a: '', b: '' };
	delete o.a;
	delete o.b;
	return o;
}

/** `count` distinct items in random order, without copying the source (exact-size result). */
function pickDistinct<T>(r: () => number, items: readonly T[], count: number): T[] {
	const n = Math.min(count, items.length);
	const out = new Array<T>(n);
	let filled = 0;
	while (filled < n) {
		const item = items[floor(r() * items.length)];
		let duplicate = false;
		for (let j = 0; j < filled; j++) if (out[j] === item) duplicate = true;
		if (!duplicate) out[filled++] = item;
	}
	return out;
}

/** Texts derived from a product name, shared by all products with that name. */
interface NameTexts {
	name: string;
	slugBase: string;
	webDescription: string;
	shortDescription: string;
	metaKeyword: string;
	metaDescription: string;
}

const MANU_BASE = Date.UTC(2019, 0, 1);
const EMPTY: unknown[] = [];

function generateProducts(
	params: SeedParams,
	profile: Profile,
	families: FamilyRecord[],
	channels: ChannelRecord[],
	categories: CategoryRecord[],
	attrByCode: Map<string, AttributeRecord>,
	generated: AttributeRecord[],
): ProductRecord[] {
	const rng = new Rng(params.seed);
	const r = rng.next;
	const domain = params.domain.toLowerCase();
	const channelCodes = channels.map((c) => c.code);
	const categoriesByChannel = new Map<string, CategoryRecord[]>();
	for (const cat of categories) {
		const list = categoriesByChannel.get(cat.channelCode) ?? [];
		list.push(cat);
		categoriesByChannel.set(cat.channelCode, list);
	}
	const familyDefs = families.map(
		(f) => profile.families.find((d) => d.code === f.code) as FamilyDef,
	);
	const currencyPool = ['USD', 'USD', 'USD', 'USD', 'USD', 'USD', 'EUR', 'GBP'];
	const strings = new StringCache();
	const nameTexts = new Map<number, NameTexts>();
	const textsFor = (familyIdx: number, adjIdx: number, nounIdx: number): NameTexts => {
		const key = (familyIdx * 256 + adjIdx) * 256 + nounIdx;
		let t = nameTexts.get(key);
		if (t === undefined) {
			const family = families[familyIdx];
			const name = profile.adjectives[adjIdx] + ' ' + familyDefs[familyIdx].nouns[nounIdx];
			const slug = slugify(name);
			t = {
				name,
				slugBase: slug + '-',
				webDescription: `<p><strong>${name}</strong> from our ${family.title} range.</p>`,
				shortDescription: `${name} - ${family.title}`,
				metaKeyword: `${slug.replace(/-/g, ', ')}, ${family.code}`,
				metaDescription: `Buy the ${name} online.`,
			};
			nameTexts.set(key, t);
		}
		return t;
	};
	// ordered channel subsets: a random permutation of the channel indexes (precomputed for small counts)
	const permutations: number[][] = [];
	const permute = (prefix: number[], rest: number[]): void => {
		if (rest.length === 0) permutations.push(prefix);
		rest.forEach((x, k) => permute([...prefix, x], [...rest.slice(0, k), ...rest.slice(k + 1)]));
	};
	if (channelCodes.length <= 6)
		permute(
			[],
			channelCodes.map((_, k) => k),
		);
	const bannerPrefix = `https://cdn.example.com/${domain}/banners/`;
	const catalogPrefix = `https://cdn.example.com/${domain}/catalogs/`;
	const imagePrefix = `https://cdn.example.com/${domain}/products/`;
	const urlPrefix = `https://${domain}.example.com/products/`;
	const imageSuffixes = ['-1.jpg', '-2.jpg', '-3.jpg'];
	const productSpan = floor((PRODUCT_END - PRODUCT_BASE) / 1000);
	const products: ProductRecord[] = new Array(params.products);

	for (let i = 1; i <= params.products; i++) {
		const familyIdx = floor(r() * families.length);
		const family = families[familyIdx];
		const def = familyDefs[familyIdx];
		const digits = toStr(i).padStart(6, '0');
		const sku = 'SKU-' + digits;
		const skuLower = 'sku-' + digits;
		const texts = textsFor(
			familyIdx,
			floor(r() * profile.adjectives.length),
			floor(r() * def.nouns.length),
		);
		const slug = texts.slugBase + skuLower;
		const generatedCount = generated.length > 0 ? floor(r() * 4) : 0;
		// Products with values of generated attributes (up to 10 000 distinct codes) use dictionary-mode objects,
		// so V8 does not build a hidden class per key combination.
		const values: Record<string, string> = generatedCount > 0 ? dictionaryObject() : {};
		const multiSelect: Record<string, string[]> = {};
		for (const code of family.attributeCodes) {
			switch (code) {
				case 'name':
					values.name = texts.name;
					break;
				case 'upc':
					values.upc = toStr(100000000000 + floor(r() * 899999999999));
					break;
				case 'size':
					if (def.sizes) values.size = def.sizes[floor(r() * def.sizes.length)];
					break;
				case 'price':
					values.price =
						(1 + floor(r() * 49900) / 100).toFixed(2) +
						' ' +
						currencyPool[floor(r() * currencyPool.length)];
					break;
				case 'weight':
					values.weight = strings.weight(floor(r() * 250));
					break;
				case 'inStock':
					values.inStock = r() < 0.8 ? 'Yes' : 'No';
					break;
				case 'warranty':
					values.warranty = WARRANTIES[floor(r() * WARRANTIES.length)];
					break;
				case 'manu_date':
					if (r() < 0.5) values.manu_date = strings.slashDate(floor(r() * 2400));
					break;
				case 'web_description':
					if (r() < 0.7) values.web_description = texts.webDescription;
					break;
				case 'short_description':
					if (r() < 0.6) values.short_description = texts.shortDescription;
					break;
				case 'meta_keyword':
					if (r() < 0.4) values.meta_keyword = texts.metaKeyword;
					break;
				case 'meta_description':
					if (r() < 0.4) values.meta_description = texts.metaDescription;
					break;
				case 'banner':
					if (r() < 0.3) values.banner = bannerPrefix + skuLower + '.jpg';
					break;
				case 'catalog':
					if (r() < 0.2) values.catalog = catalogPrefix + skuLower + '.pdf';
					break;
				default: {
					const attr = attrByCode.get(code);
					if (!attr || !attr.options) break;
					if (attr.kind === 'multiselect') {
						const count = code === 'color' ? 1 + floor(r() * 3) : floor(r() * 3);
						if (count > 0) multiSelect[code] = pickDistinct(r, attr.options, count);
					} else if (attr.kind === 'select') {
						values[code] = attr.options[floor(r() * attr.options.length)];
					}
				}
			}
		}
		if (generatedCount > 0) {
			for (let k = 0; k < generatedCount; k++) {
				const attr = generated[floor(r() * generated.length)];
				values[attr.code] =
					attr.kind === 'number'
						? toStr(floor(r() * 1000))
						: attr.kind === 'select'
							? GENERATED_OPTIONS[floor(r() * GENERATED_OPTIONS.length)]
							: 'Value ' + floor(r() * 10000);
			}
		}

		let productChannels: ProductChannel[] = EMPTY as ProductChannel[];
		let productCategories: ProductCategory[] = EMPTY as ProductCategory[];
		if (channelCodes.length > 0) {
			const order = permutations.length > 0 ? permutations[floor(r() * permutations.length)] : null;
			const channelCount = 1 + floor(r() * channelCodes.length);
			const chosen = order
				? order
				: pickDistinct(
						r,
						channelCodes.map((_, k) => k),
						channelCount,
					);
			productChannels = new Array<ProductChannel>(channelCount);
			for (let k = 0; k < channelCount; k++) {
				productChannels[k] = {
					code: channelCodes[chosen[k]],
					status: r() < 0.7 ? 1 : 0,
					completeness_status: COMPLETENESS[floor(r() * COMPLETENESS.length)],
				};
			}
			const categoryCount = floor(r() * 3);
			let first: ProductCategory | undefined;
			let second: ProductCategory | undefined;
			for (let k = 0; k < categoryCount; k++) {
				const channel = productChannels[floor(r() * channelCount)].code;
				const pool = categoriesByChannel.get(channel);
				if (!pool || pool.length === 0) continue;
				const cat = pool[floor(r() * pool.length)];
				if (first && first.code === cat.code && first.channel === channel) continue;
				const item = {
					code: cat.code,
					channel,
					sort_order: r() < 0.5 ? 1 + floor(r() * 100) : null,
				};
				if (first) second = item;
				else first = item;
			}
			productCategories = first ? (second ? [first, second] : [first]) : [];
		}
		if (productChannels === EMPTY) productChannels = [];
		const imageCount = floor(r() * 4);
		const images: string[] =
			imageCount === 0
				? []
				: imageCount === 1
					? [imagePrefix + skuLower + imageSuffixes[0]]
					: imageCount === 2
						? [imagePrefix + skuLower + imageSuffixes[0], imagePrefix + skuLower + imageSuffixes[1]]
						: [
								imagePrefix + skuLower + imageSuffixes[0],
								imagePrefix + skuLower + imageSuffixes[1],
								imagePrefix + skuLower + imageSuffixes[2],
							];
		const created = floor(r() * 365 * 86400);
		const updated = created + floor(r() * (productSpan - created));

		products[i - 1] = {
			id: i,
			sku,
			slug,
			status: r() < 0.9 ? 1 : 0,
			product_type_id: r() < 0.85 ? 1 : 2,
			language_id: 1,
			familyCode: family.code,
			values,
			multiSelect,
			channels: productChannels,
			categories: productCategories,
			images,
			url: r() < 0.6 ? urlPrefix + slug : null,
			created_at: strings.dateTime(created),
			updated_at: strings.dateTime(updated),
		};
	}
	return products;
}
