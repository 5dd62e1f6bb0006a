/**
 * Every path of the PIM integration API that the package calls (pim-integration-api.md), spelt
 * in this one place. Ids and codes travel as query or body fields, so no path takes a parameter.
 */
export const API_PREFIX = '/api/integration';

const path = (below: string) => `${API_PREFIX}${below}`;

export const ENDPOINTS = {
	/** GET lists, POST creates, PUT updates. */
	product: path('/product'),
	productShow: path('/product/show'),
	productAssignChannel: path('/product/assign-channel'),
	productAssignCategory: path('/product/assign-category'),

	category: path('/category'),
	categoryShow: path('/category/show'),
	categoryProducts: path('/category/get-products'),

	family: path('/family'),
	familyShow: path('/family/show'),

	channel: path('/channel'),
	/** POST, with the id in the body. */
	channelShow: path('/channel/show'),
	channelAttributes: path('/channel/attribute'),

	attribute: path('/attribute'),
	attributeShow: path('/attribute/show'),

	locale: path('/locale'),
	localeShow: path('/locale/show'),

	currency: path('/currencies'),
	currencyShow: path('/currencies/show'),

	relation: path('/relation'),
	relationShow: path('/relation/show'),
	relationProductRelation: path('/relation/product-relation'),
} as const;
