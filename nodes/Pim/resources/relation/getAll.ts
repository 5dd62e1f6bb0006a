import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'relation',
	singular: 'relation',
	plural: 'relations',
	path: '/api/integration/relation',
	paginated: true,
});
