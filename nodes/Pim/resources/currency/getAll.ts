import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'currency',
	singular: 'currency',
	plural: 'currencies',
	path: '/api/integration/currencies',
	paginated: false,
});
