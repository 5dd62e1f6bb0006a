import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'family',
	singular: 'family',
	plural: 'families',
	path: '/api/integration/family',
	paginated: true,
});
