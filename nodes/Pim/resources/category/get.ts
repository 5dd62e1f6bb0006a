import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';

export const { option, description } = getOneOperation({
	resource: 'category',
	singular: 'category',
	plural: 'categories',
	path: ENDPOINTS.categoryShow,
	idName: 'categoryId',
	idDisplayName: 'Category',
	searchListMethod: 'searchCategories',
});
