/**
 * State of one account (tenant): records, indexes, cached wire JSON, and the write operations
 * (create / update / assign), shared by the HTTP handlers and by tests (direct access via handle.account()).
 */
import { ATTRIBUTE_TYPE_LABELS } from './records';
import type {
	AccountData,
	AttributeKind,
	AttributeRecord,
	CategoryRecord,
	ChannelRecord,
	CurrencyRecord,
	FamilyRecord,
	LocaleRecord,
	ProductCategory,
	ProductRecord,
	RelationRecord,
} from './records';
import { profileFromFile, type ProfileFile } from './profile';
import { generateAccount, emptyAccountData } from './seed';
import type { ListOrder, MultiSelectForm } from './types';
import { formatDateTime, hashString, Rng, slugify } from './util';
import {
	attributeWire,
	categoryWire,
	channelWire,
	currencyWire,
	familyWire,
	localeWire,
	productWireJson,
	relationWire,
	type ProductWireContext,
} from './wire';

export interface ResolvedAccountSpec {
	domain: string;
	token: string;
	products: number;
	extraAttributes: number;
	empty: boolean;
	seed: number;
	multiSelectForm: MultiSelectForm;
	listOrder: ListOrder;
	profile?: ProfileFile;
}

/** Error of a store operation; `field` names the offending input field, `status` the HTTP status it maps to. */
export class StoreError extends Error {
	constructor(
		message: string,
		readonly field?: string,
		readonly status = 422,
	) {
		super(message);
	}
}

export interface ChannelInput {
	code: string;
	/** 1/true active, 0/false inactive; default inactive for a new assignment, unchanged for an existing one on merge. */
	status?: number | boolean;
	completeness_status?: string | null;
}

export interface CategoryInput {
	code: string;
	/** Channel code of the category. */
	channel: string;
	sort_order?: number | null;
}

export interface ProductInput {
	sku: string;
	familyCode: string;
	/** Default: the account's first locale (en_US). */
	languageCode?: string;
	/** Default 1. */
	status?: number;
	/** Default 1. */
	productTypeId?: number;
	values?: Record<string, string>;
	multiSelect?: Record<string, string[]>;
	channels?: ChannelInput[];
	categories?: CategoryInput[];
	images?: string[];
	url?: string | null;
	/** Default: the server clock. */
	createdAt?: Date;
}

export interface ProductPatch {
	familyCode?: string;
	status?: number;
	/**
	 * The language whose plain values `values` sets (default: the product's own, `language_id`, which a
	 * write never changes); an unknown code throws.
	 */
	languageCode?: string;
	/** Plain attribute values to set; `''` or null removes the value (in that language). */
	values?: Record<string, string | null>;
	/** Multi-select values per attribute code (merged, or replaced with `overwrite`). */
	multiSelect?: Record<string, string[]>;
	channels?: ChannelInput[];
	categories?: CategoryInput[];
	images?: string[];
	url?: string | null;
	/** Replace channels, categories, images and the given multi-select attributes instead of merging (`is_data_overwrite`). */
	overwrite?: boolean;
	/** Value of updated_at (default: the server clock). */
	updatedAt?: Date;
}

export interface RelatedProduct {
	id: number;
	sku: string;
	name: string;
}

/** Fields of `filter[...]` that are not attribute codes. */
const PRODUCT_FILTER_FIELDS = new Set([
	'sku',
	'id',
	'status',
	'family',
	'slug',
	'product_type_id',
	'language_id',
	'category',
]);

const key2 = (a: string, b: string): string => a.toLowerCase() + '\u0000' + b.toLowerCase();

export class AccountStore implements ProductWireContext {
	readonly domain: string;
	readonly token: string;
	readonly spec: ResolvedAccountSpec;

	families: FamilyRecord[] = [];
	channels: ChannelRecord[] = [];
	attributes: AttributeRecord[] = [];
	locales: LocaleRecord[] = [];
	currencies: CurrencyRecord[] = [];
	categories: CategoryRecord[] = [];
	relations: RelationRecord[] = [];
	/** In ascending id order (the order of every product list). */
	products: ProductRecord[] = [];

	/** True once state changed through a write; `reset()` only reseeds dirty accounts. */
	dirty = false;
	/** Incremented on every product change (invalidates list caches). */
	version = 0;

	private readonly clock: () => Date;
	private wireCache = new WeakMap<object, string>();
	private familyIndex = new Map<string, FamilyRecord>();
	private channelIndex = new Map<string, ChannelRecord>();
	private attributeIndex = new Map<string, AttributeRecord>();
	private localeIndex = new Map<string, LocaleRecord>();
	private currencyIndex = new Map<string, CurrencyRecord>();
	private categoryIndex = new Map<string, CategoryRecord>();
	private skuIndex = new Map<string, ProductRecord>();
	private idIndex = new Map<number, ProductRecord>();
	private nextProductId = 1;
	private listCache = new Map<string, { version: number; list: ProductRecord[] }>();
	private orderCache = new WeakMap<
		object,
		{ version: number; order: ListOrder; list: unknown[] }
	>();

	constructor(spec: ResolvedAccountSpec, clock: () => Date) {
		this.spec = spec;
		this.domain = spec.domain;
		this.token = spec.token;
		this.clock = clock;
		this.reseed();
	}

	// ---------------------------------------------------------------- seeding

	/** Regenerates the initial state (always). */
	reseed(): void {
		const data: AccountData = this.spec.empty
			? emptyAccountData()
			: generateAccount({
					domain: this.spec.domain,
					seed: this.spec.seed,
					products: this.spec.products,
					extraAttributes: this.spec.extraAttributes,
					empty: false,
					profile: this.spec.profile ? profileFromFile(this.spec.profile) : undefined,
				});
		this.load(data);
		this.dirty = false;
	}

	/** Reseeds when the state changed since seeding. */
	reset(): void {
		if (this.dirty) this.reseed();
	}

	/** Marks the account as changed (call after mutating records directly so `reset()` reseeds it). */
	markDirty(): void {
		this.dirty = true;
		this.invalidateAll();
	}

	/** Drops every cached wire JSON string and list (after direct mutation of records). */
	invalidateAll(): void {
		this.wireCache = new WeakMap();
		this.listCache.clear();
		this.version++;
		this.rebuildIndexes();
	}

	private load(data: AccountData): void {
		this.families = data.families;
		this.channels = data.channels;
		this.attributes = data.attributes;
		this.locales = data.locales;
		this.currencies = data.currencies;
		this.categories = data.categories;
		this.relations = data.relations;
		this.products = data.products;
		this.wireCache = new WeakMap();
		this.listCache.clear();
		this.version++;
		this.rebuildIndexes();
	}

	private rebuildIndexes(): void {
		this.familyIndex = new Map(this.families.map((f) => [f.code.toLowerCase(), f]));
		this.channelIndex = new Map(this.channels.map((c) => [c.code.toLowerCase(), c]));
		this.attributeIndex = new Map(this.attributes.map((a) => [a.code, a]));
		this.localeIndex = new Map(this.locales.map((l) => [l.code.toLowerCase(), l]));
		this.currencyIndex = new Map(this.currencies.map((c) => [c.code.toLowerCase(), c]));
		this.categoryIndex = new Map(this.categories.map((c) => [key2(c.channelCode, c.code), c]));
		this.skuIndex = new Map(this.products.map((p) => [p.sku, p]));
		this.idIndex = new Map(this.products.map((p) => [p.id, p]));
		this.nextProductId = this.products.reduce((max, p) => Math.max(max, p.id), 0) + 1;
	}

	// ---------------------------------------------------------------- list order

	/** Changes how the account names multi-select values and orders its lists (admin, tests). */
	configure(settings: { multiSelectForm?: MultiSelectForm; listOrder?: ListOrder }): void {
		if (settings.multiSelectForm !== undefined)
			this.spec.multiSelectForm = settings.multiSelectForm;
		if (settings.listOrder !== undefined) this.spec.listOrder = settings.listOrder;
		this.orderCache = new WeakMap();
	}

	/**
	 * A list (products, families, categories, category products) in the account's list order.
	 * `id` keeps the stored ascending order; the others are built once per list and state version.
	 */
	inListOrder<T extends { id: number; updated_at: string }>(list: T[]): T[] {
		const order = this.spec.listOrder;
		if (order === 'id' || list.length < 2) return list;
		const cached = this.orderCache.get(list);
		if (cached && cached.version === this.version && cached.order === order)
			return cached.list as T[];
		const out =
			order === 'id-desc'
				? list.slice().reverse()
				: list
						.slice()
						.sort((a, b) =>
							a.updated_at === b.updated_at ? b.id - a.id : a.updated_at < b.updated_at ? 1 : -1,
						);
		this.orderCache.set(list, { version: this.version, order, list: out });
		return out;
	}

	// ---------------------------------------------------------------- look-ups (codes are case-insensitive)

	productBySku(sku: string): ProductRecord | undefined {
		return this.skuIndex.get(sku);
	}
	productById(id: number): ProductRecord | undefined {
		return this.idIndex.get(id);
	}
	familyByCode(code: string): FamilyRecord | undefined {
		return this.familyIndex.get(code.toLowerCase());
	}
	channelByCode(code: string): ChannelRecord | undefined {
		return this.channelIndex.get(code.toLowerCase());
	}
	/** Attribute codes are case-sensitive. */
	attributeByCode(code: string): AttributeRecord | undefined {
		return this.attributeIndex.get(code);
	}
	/**
	 * Adds an attribute to the account, as a PIM user would in its UI (tests: an attribute created
	 * after a workflow was saved; a type label the seed does not use).
	 */
	addAttribute(def: {
		code: string;
		title: string;
		kind: AttributeKind;
		type?: string;
		options?: string[];
	}): AttributeRecord {
		if (this.attributeIndex.has(def.code))
			throw new StoreError(`The attribute code '${def.code}' is taken.`, 'code');
		const record: AttributeRecord = {
			id: this.attributes.reduce((max, a) => Math.max(max, a.id), 0) + 1,
			code: def.code,
			built_in: 0,
			created_by: 'Test',
			title: def.title,
			type: def.type ?? ATTRIBUTE_TYPE_LABELS[def.kind],
			group_name: 'Added',
			group_id: 99,
			kind: def.kind,
			...(def.options ? { options: def.options.slice() } : {}),
		};
		this.attributes.push(record);
		this.attributeIndex.set(record.code, record);
		this.markDirty();
		return record;
	}
	/**
	 * Adds a category under `parent` (a category code of the channel's tree; none: a root), as a
	 * PIM user would in its UI (tests: the trees another system's export names).
	 */
	addCategory(def: {
		channel: string;
		code: string;
		title: string;
		parent?: string;
	}): CategoryRecord {
		const channel = this.channelIndex.get(def.channel.toLowerCase());
		if (!channel) throw new StoreError(`Unknown channel '${def.channel}'.`, 'channel');
		const parent =
			def.parent === undefined ? undefined : this.categoryByCode(channel.code, def.parent);
		if (def.parent !== undefined && !parent)
			throw new StoreError(`Unknown category '${def.parent}'.`, 'parent');
		if (this.categoryByCode(channel.code, def.code))
			throw new StoreError(`The category code '${def.code}' is taken.`, 'code');
		const at = this.categories[0]?.created_at ?? '2024-01-01 00:00:00';
		const record: CategoryRecord = {
			id: this.categories.reduce((max, c) => Math.max(max, c.id), 0) + 1,
			code: def.code,
			parent_id: parent ? parent.id : null,
			status: 1,
			sort_order: this.categories.filter((c) => c.parent_id === (parent?.id ?? null)).length + 1,
			created_by: 1,
			updated_by: 1,
			created_at: at,
			updated_at: at,
			title: def.title,
			description: null,
			channel_id: channel.id,
			category_status: 1,
			channelCode: channel.code,
			path: parent ? `${parent.path}/${def.title}` : def.title,
		};
		this.categories.push(record);
		this.markDirty();
		return record;
	}
	localeByCode(code: string): LocaleRecord | undefined {
		return this.localeIndex.get(code.toLowerCase());
	}
	currencyByCode(code: string): CurrencyRecord | undefined {
		return this.currencyIndex.get(code.toLowerCase());
	}
	categoryByCode(channelCode: string, code: string): CategoryRecord | undefined {
		return this.categoryIndex.get(key2(channelCode, code));
	}
	/** Categories with that code in any channel. */
	categoriesWithCode(code: string): CategoryRecord[] {
		const lc = code.toLowerCase();
		return this.categories.filter((c) => c.code.toLowerCase() === lc);
	}
	byId<T extends { id: number }>(records: T[], id: number): T | undefined {
		const guess = records[id - 1];
		if (guess && guess.id === id) return guess;
		return records.find((r) => r.id === id);
	}
	channelAttributes(channel: ChannelRecord): AttributeRecord[] {
		if (channel.attributeCodes === 'all') return this.attributes;
		const allowed = new Set(channel.attributeCodes);
		return this.attributes.filter((a) => allowed.has(a.code));
	}

	// ProductWireContext
	familyTitle(code: string): string {
		return this.familyByCode(code)?.title ?? code;
	}
	categoryPath(channelCode: string, code: string): string | undefined {
		return this.categoryByCode(channelCode, code)?.path;
	}

	// ---------------------------------------------------------------- wire JSON (cached per record)

	/**
	 * The product's wire JSON as read in `language` (a locale of the account): that language's values, each
	 * attribute it has no value for showing the product's own language's value, and `language_id` that
	 * language's. Without one, or in the product's own language: the product as it was created (cached).
	 */
	productJson(p: ProductRecord, language?: LocaleRecord): string {
		if (language && language.id !== p.language_id) {
			const own = p.localized?.[language.code];
			return productWireJson(
				{ ...p, language_id: language.id, values: own ? { ...p.values, ...own } : p.values },
				this,
			);
		}
		let s = this.wireCache.get(p);
		if (s === undefined) {
			s = productWireJson(p, this);
			// The builder concatenates, which gives a V8 rope; reading a character flattens it in place,
			// so joining cached strings into a page is a plain copy (about 5x faster).
			s.charCodeAt(0);
			this.wireCache.set(p, s);
		}
		return s;
	}
	productWire(p: ProductRecord): Record<string, unknown> {
		return JSON.parse(this.productJson(p)) as Record<string, unknown>;
	}
	recordJson(
		record:
			| FamilyRecord
			| ChannelRecord
			| AttributeRecord
			| LocaleRecord
			| CurrencyRecord
			| CategoryRecord
			| RelationRecord,
		kind: 'family' | 'channel' | 'attribute' | 'locale' | 'currency' | 'category' | 'relation',
	): string {
		let s = this.wireCache.get(record);
		if (s === undefined) {
			s = JSON.stringify(WIRE[kind](record as never));
			this.wireCache.set(record, s);
		}
		return s;
	}

	// ---------------------------------------------------------------- product queries

	/**
	 * Products matching all filters (exact, case-insensitive; `sku` exact and case-sensitive; array values match
	 * when any element matches), in ascending id order. Throws StoreError for an unknown filter field.
	 */
	filterProducts(filters: Array<[field: string, value: string]>): ProductRecord[] {
		if (filters.length === 0) return this.products;
		for (const [field] of filters) {
			if (!PRODUCT_FILTER_FIELDS.has(field) && !this.attributeIndex.has(field)) {
				throw new StoreError(`Unknown filter field '${field}'.`, `filter[${field}]`);
			}
		}
		const cacheKey = JSON.stringify(
			filters.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
		);
		const cached = this.listCache.get(cacheKey);
		if (cached && cached.version === this.version) return cached.list;

		let candidates = this.products;
		const predicates: Array<(p: ProductRecord) => boolean> = [];
		for (const [field, value] of filters) {
			const lc = value.toLowerCase();
			switch (field) {
				case 'sku': {
					const hit = this.skuIndex.get(value);
					candidates =
						hit && (candidates === this.products || candidates.includes(hit)) ? [hit] : [];
					break;
				}
				case 'id':
				case 'status':
				case 'product_type_id':
				case 'language_id':
					predicates.push((p) => String(p[field]) === value.trim());
					break;
				case 'family': {
					const codes = new Set(
						this.families
							.filter((f) => f.code.toLowerCase() === lc || f.title.toLowerCase() === lc)
							.map((f) => f.code),
					);
					predicates.push((p) => codes.has(p.familyCode));
					break;
				}
				case 'slug':
					predicates.push((p) => p.slug.toLowerCase() === lc);
					break;
				case 'category':
					predicates.push((p) =>
						p.categories.some(
							(c) =>
								c.code.toLowerCase() === lc ||
								(this.categoryPath(c.channel, c.code) ?? '').toLowerCase() === lc,
						),
					);
					break;
				default: {
					const attr = this.attributeIndex.get(field) as AttributeRecord;
					if (attr.kind === 'multiselect') {
						predicates.push((p) => {
							const vs = p.multiSelect[field];
							if (vs === undefined) return false;
							for (const v of vs) if (v.length === lc.length && v.toLowerCase() === lc) return true;
							return false;
						});
					} else {
						predicates.push((p) => {
							const v = p.values[field];
							return v !== undefined && v.length === lc.length && v.toLowerCase() === lc;
						});
					}
				}
			}
		}
		const list =
			predicates.length === 0
				? candidates
				: candidates.filter((p) => predicates.every((fn) => fn(p)));
		if (this.listCache.size >= 32)
			this.listCache.delete(this.listCache.keys().next().value as string);
		this.listCache.set(cacheKey, { version: this.version, list });
		return list;
	}

	/** Products assigned to the category or any of its descendants (same channel), ascending id. */
	productsInCategory(category: CategoryRecord): ProductRecord[] {
		const cacheKey = 'category:' + category.id;
		const cached = this.listCache.get(cacheKey);
		if (cached && cached.version === this.version) return cached.list;
		const keys = new Set<string>();
		const ids = new Set<number>([category.id]);
		// categories are stored parents first, so one pass collects the whole subtree
		for (const c of this.categories) {
			if (c.parent_id !== null && ids.has(c.parent_id)) ids.add(c.id);
		}
		for (const c of this.categories) if (ids.has(c.id)) keys.add(key2(c.channelCode, c.code));
		const list = this.products.filter((p) =>
			p.categories.some((c) => keys.has(key2(c.channel, c.code))),
		);
		if (this.listCache.size >= 32)
			this.listCache.delete(this.listCache.keys().next().value as string);
		this.listCache.set(cacheKey, { version: this.version, list });
		return list;
	}

	/** Related products of a product for a relation, chosen deterministically (0-4 other products). */
	relatedProducts(p: ProductRecord, relation: RelationRecord): RelatedProduct[] {
		const n = this.products.length;
		if (n <= 1) return [];
		const rng = new Rng(hashString(p.sku + '|' + relation.code, this.spec.seed >>> 0));
		const count = Math.min(rng.int(0, 4), n - 1);
		const picked = new Set<number>();
		const out: RelatedProduct[] = [];
		let guard = 0;
		while (out.length < count && guard++ < 100) {
			const other = this.products[Math.floor(rng.next() * n)];
			if (other.id === p.id || picked.has(other.id)) continue;
			picked.add(other.id);
			out.push({ id: other.id, sku: other.sku, name: other.values.name ?? '' });
		}
		return out;
	}

	// ---------------------------------------------------------------- writes

	/**
	 * Resolves a category assignment. Without a channel: the category with that code among the given product
	 * channels, else the only channel that has the code; ambiguous or unknown → StoreError.
	 */
	resolveCategory(
		code: string,
		channel: string | undefined,
		productChannels: string[],
	): ProductCategory {
		if (channel !== undefined && channel !== '') {
			const ch = this.channelByCode(channel);
			if (!ch) throw new StoreError(`Unknown channel code '${channel}'.`, 'channel');
			const cat = this.categoryByCode(ch.code, code);
			if (!cat)
				throw new StoreError(`Unknown category code '${code}' in channel '${ch.code}'.`, 'code');
			return { code: cat.code, channel: ch.code, sort_order: null };
		}
		const all = this.categoriesWithCode(code);
		if (all.length === 0) throw new StoreError(`Unknown category code '${code}'.`, 'code');
		const inProduct = all.filter((c) =>
			productChannels.some((pc) => pc.toLowerCase() === c.channelCode.toLowerCase()),
		);
		const candidates = inProduct.length > 0 ? inProduct : all;
		if (candidates.length > 1) {
			throw new StoreError(
				`The category code '${code}' exists in several channels (${candidates.map((c) => c.channelCode).join(', ')}); give its channel.`,
				'channel',
			);
		}
		return { code: candidates[0].code, channel: candidates[0].channelCode, sort_order: null };
	}

	/** Normalises a plain attribute value (dates to YYYY/MM/DD); throws StoreError when invalid. */
	normaliseValue(attr: AttributeRecord, value: string): string {
		if (attr.kind === 'boolean') {
			const v = value.trim().toLowerCase();
			if (v === '1' || v === 'true') return '1';
			if (v === '0' || v === 'false') return '0';
			throw new StoreError(`The ${attr.code} must be 1 or 0.`, attr.code);
		}
		if (attr.kind === 'number' && !/^\s*-?\d+(?:[.,]\d+)?\s*$/.test(value)) {
			throw new StoreError(`The ${attr.code} must be a number.`, attr.code);
		}
		if (attr.kind === 'date' && value !== '') {
			const m = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(value.trim());
			if (!m)
				throw new StoreError(
					`The ${attr.code} must be a date in the format YYYY/MM/DD.`,
					attr.code,
				);
			return `${m[1]}/${m[2]}/${m[3]}`;
		}
		return value;
	}

	/** Creates a product (for test setup; the HTTP handler validates first and then calls this). */
	createProduct(input: ProductInput): ProductRecord {
		if (!input.sku) throw new StoreError('The sku is required.', 'sku');
		if (this.skuIndex.has(input.sku))
			throw new StoreError('The sku has already been taken.', 'sku');
		const family = this.familyByCode(input.familyCode);
		if (!family) throw new StoreError(`Unknown family code '${input.familyCode}'.`, 'family_code');
		const locale =
			input.languageCode !== undefined ? this.localeByCode(input.languageCode) : this.locales[0];
		if (input.languageCode !== undefined && !locale)
			throw new StoreError(`Unknown language code '${input.languageCode}'.`, 'language_code');
		const at = formatDateTime(input.createdAt ?? this.clock());
		const name = input.values?.name ?? '';
		const p: ProductRecord = {
			id: this.nextProductId,
			sku: input.sku,
			slug: slugify(name || input.sku),
			status: input.status ?? 1,
			product_type_id: input.productTypeId ?? 1,
			language_id: locale ? locale.id : 1,
			familyCode: family.code,
			values: {},
			multiSelect: {},
			channels: [],
			categories: [],
			images: [],
			url: input.url ?? null,
			created_at: at,
			updated_at: at,
		};
		this.applyChanges(p, {
			values: input.values,
			multiSelect: input.multiSelect,
			channels: input.channels,
			categories: input.categories,
			images: input.images,
			overwrite: true,
		});
		this.nextProductId++;
		this.products.push(p);
		this.skuIndex.set(p.sku, p);
		this.idIndex.set(p.id, p);
		this.changed(p);
		return p;
	}

	/**
	 * Updates a product and bumps updated_at. `patch` is either a ProductPatch (merge semantics unless
	 * `overwrite`) or a function that mutates the record directly.
	 */
	updateProduct(sku: string, patch: ProductPatch | ((p: ProductRecord) => void)): ProductRecord {
		const p = this.skuIndex.get(sku);
		if (!p) throw new StoreError(`Product with sku '${sku}' not found.`, 'sku', 404);
		let updatedAt: Date | undefined;
		if (typeof patch === 'function') {
			patch(p);
			if (p.sku !== sku) {
				this.skuIndex.delete(sku);
				this.skuIndex.set(p.sku, p);
			}
		} else {
			// apply to a copy first so that an invalid patch leaves the product untouched
			const draft: ProductRecord = {
				...p,
				values: { ...p.values },
				multiSelect: { ...p.multiSelect },
				channels: p.channels.map((c) => ({ ...c })),
				categories: p.categories.map((c) => ({ ...c })),
				images: p.images.slice(),
			};
			if (patch.familyCode !== undefined) {
				const family = this.familyByCode(patch.familyCode);
				if (!family)
					throw new StoreError(`Unknown family code '${patch.familyCode}'.`, 'family_code');
				draft.familyCode = family.code;
			}
			let language: LocaleRecord | undefined;
			if (patch.languageCode !== undefined) {
				language = this.localeByCode(patch.languageCode);
				if (!language)
					throw new StoreError(`Unknown language code '${patch.languageCode}'.`, 'language_code');
			}
			const other = language !== undefined && language.id !== p.language_id ? language : undefined;
			if (other) {
				// Another language's values: kept apart, shown by a read in that language.
				draft.localized = Object.fromEntries(
					Object.entries(p.localized ?? {}).map(([code, values]) => [code, { ...values }]),
				);
				draft.values = draft.localized[other.code] ??= {};
			}
			if (patch.status !== undefined) draft.status = patch.status ? 1 : 0;
			if (patch.url !== undefined) draft.url = patch.url;
			this.applyChanges(draft, patch);
			if (other) draft.values = p.values;
			Object.assign(p, draft);
			updatedAt = patch.updatedAt;
		}
		p.updated_at = formatDateTime(updatedAt ?? this.clock());
		this.changed(p);
		return p;
	}

	/** Bumps updated_at only. */
	touchProduct(sku: string, at?: Date): ProductRecord {
		return this.updateProduct(sku, { updatedAt: at });
	}

	/** Assigns a product to a channel (status default inactive; re-assigning sets the status again). */
	assignChannel(sku: string, channelCode: string, status: boolean | number = 0): ProductRecord {
		const ch = this.channelByCode(channelCode);
		if (!ch) throw new StoreError(`Unknown channel code '${channelCode}'.`, 'code');
		return this.updateProduct(sku, { channels: [{ code: ch.code, status: status ? 1 : 0 }] });
	}

	/** Assigns a product to a category of a channel (re-assigning updates sort_order when given). */
	assignCategory(
		sku: string,
		code: string,
		channelCode: string,
		sortOrder?: number | null,
	): ProductRecord {
		const resolved = this.resolveCategory(code, channelCode, []);
		return this.updateProduct(sku, { categories: [{ ...resolved, sort_order: sortOrder }] });
	}

	private applyChanges(p: ProductRecord, patch: ProductPatch): void {
		const overwrite = patch.overwrite === true;
		if (patch.values) {
			for (const [code, raw] of Object.entries(patch.values)) {
				const attr = this.attributeByCode(code);
				if (!attr) throw new StoreError(`Unknown attribute code '${code}'.`, code);
				if (attr.kind === 'multiselect')
					throw new StoreError(
						`The ${code} attribute is a multi-select; send ${code}-multi-select[].`,
						code,
					);
				if (raw === null || raw === '') delete p.values[code];
				else p.values[code] = this.normaliseValue(attr, raw);
			}
		}
		if (patch.multiSelect) {
			for (const [code, list] of Object.entries(patch.multiSelect)) {
				const attr = this.attributeByCode(code);
				if (!attr)
					throw new StoreError(`Unknown attribute code '${code}'.`, `${code}-multi-select`);
				if (attr.kind !== 'multiselect')
					throw new StoreError(
						`The ${code} attribute is not a multi-select.`,
						`${code}-multi-select`,
					);
				const next = overwrite ? [] : (p.multiSelect[code] ?? []).slice();
				for (const v of list) if (v !== '' && !next.includes(v)) next.push(v);
				if (next.length > 0) p.multiSelect[code] = next;
				else delete p.multiSelect[code];
			}
		}
		if (patch.channels) {
			const next = overwrite ? [] : p.channels.map((c) => ({ ...c }));
			for (const input of patch.channels) {
				const ch = this.channelByCode(input.code);
				if (!ch) throw new StoreError(`Unknown channel code '${input.code}'.`, 'channel');
				const existing = next.find((c) => c.code === ch.code);
				const status = input.status === undefined ? undefined : input.status ? 1 : 0;
				if (existing) {
					if (status !== undefined) existing.status = status;
					if (input.completeness_status !== undefined)
						existing.completeness_status = input.completeness_status;
				} else {
					next.push({
						code: ch.code,
						status: status ?? 0,
						completeness_status: input.completeness_status ?? null,
					});
				}
			}
			p.channels = next;
		}
		if (patch.categories) {
			const next = overwrite ? [] : p.categories.map((c) => ({ ...c }));
			for (const input of patch.categories) {
				const resolved = this.resolveCategory(
					input.code,
					input.channel,
					p.channels.map((c) => c.code),
				);
				const existing = next.find(
					(c) => c.code === resolved.code && c.channel === resolved.channel,
				);
				if (existing) {
					if (input.sort_order !== undefined) existing.sort_order = input.sort_order;
				} else {
					next.push({ ...resolved, sort_order: input.sort_order ?? null });
				}
			}
			p.categories = next;
		}
		if (patch.images) {
			const next = overwrite ? [] : p.images.slice();
			for (const url of patch.images) if (url !== '' && !next.includes(url)) next.push(url);
			p.images = next;
		}
	}

	private changed(p: ProductRecord): void {
		this.wireCache.delete(p);
		this.version++;
		this.dirty = true;
	}

	/** Short description for the admin endpoints and the CLI. */
	summary(): Record<string, unknown> {
		return {
			domain: this.domain,
			token: this.token,
			empty: this.spec.empty,
			seed: this.spec.seed,
			products: this.products.length,
			families: this.families.length,
			channels: this.channels.map((c) => c.code),
			attributes: this.attributes.length,
			locales: this.locales.map((l) => l.code),
			currencies: this.currencies.map((c) => c.code),
			categories: this.categories.length,
			relations: this.relations.map((r) => r.code),
			multiSelectForm: this.spec.multiSelectForm,
			listOrder: this.spec.listOrder,
		};
	}
}

const WIRE = {
	family: familyWire,
	channel: channelWire,
	attribute: attributeWire,
	locale: localeWire,
	currency: currencyWire,
	category: categoryWire,
	relation: relationWire,
};
