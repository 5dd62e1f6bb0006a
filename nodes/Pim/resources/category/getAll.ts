import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'category',
	singular: 'category',
	plural: 'categories',
	path: ENDPOINTS.category,
	paginated: true,
});
