import { getOneOperation } from '../../shared/standard';

export const { option, description } = getOneOperation({
	resource: 'category',
	singular: 'category',
	plural: 'categories',
	path: '/api/integration/category/show',
	idName: 'categoryId',
	idDisplayName: 'Category',
	searchListMethod: 'searchCategories',
});
