/**
 * Route table: every endpoint of the interface, its method, handler and whether `x-domain` is required.
 */
import type { Handler } from './http';
import * as catalog from './handlers/catalog';
import * as products from './handlers/products';

export interface Route {
	handler: Handler;
	/** 'optional': a missing `x-domain` means the token's own account. */
	domain: 'required' | 'optional';
}

export const API_PREFIX = '/api/integration';

const r = (handler: Handler, domain: Route['domain'] = 'required'): Route => ({ handler, domain });

/** path (without prefix) → method → route */
export const ROUTES: Record<string, Record<string, Route>> = {
	'/product': {
		GET: r(products.listProducts),
		POST: r(products.createProduct, 'optional'),
		PUT: r(products.updateProduct, 'optional'),
	},
	'/product/show': { GET: r(products.showProduct) },
	'/product/assign-channel': { POST: r(products.assignChannel) },
	'/product/assign-category': { POST: r(products.assignCategory) },

	'/relation': { GET: r(catalog.listRelations) },
	'/relation/show': { GET: r(catalog.showRelation) },
	'/relation/product-relation': { GET: r(catalog.productRelation) },

	'/category': { GET: r(catalog.listCategories) },
	'/category/show': { GET: r(catalog.showCategory) },
	'/category/get-products': { GET: r(products.categoryProducts) },

	'/family': { GET: r(catalog.listFamilies) },
	'/family/show': { GET: r(catalog.showFamily, 'optional') },

	'/channel': { GET: r(catalog.listChannels) },
	'/channel/show': { POST: r(catalog.showChannel) },
	'/channel/attribute': { GET: r(catalog.channelAttributes) },

	'/attribute': { GET: r(catalog.listAttributes) },
	'/attribute/show': { GET: r(catalog.showAttribute) },

	'/locale': { GET: r(catalog.listLocales) },
	'/locale/show': { GET: r(catalog.showLocale) },

	'/currencies': { GET: r(catalog.listCurrencies) },
	'/currencies/show': { GET: r(catalog.showCurrency) },
};

/** Looks a request path up; a trailing slash is ignored. */
export function findRoute(path: string): Record<string, Route> | undefined {
	if (!path.startsWith(API_PREFIX + '/')) return undefined;
	let sub = path.slice(API_PREFIX.length);
	if (sub.length > 1 && sub.endsWith('/')) sub = sub.slice(0, -1);
	return Object.prototype.hasOwnProperty.call(ROUTES, sub) ? ROUTES[sub] : undefined;
}
