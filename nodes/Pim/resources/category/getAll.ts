import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'category',
	singular: 'category',
	plural: 'categories',
	path: '/api/integration/category',
	paginated: true,
});
