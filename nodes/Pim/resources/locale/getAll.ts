import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'locale',
	singular: 'locale',
	plural: 'locales',
	path: '/api/integration/locale',
	paginated: false,
});
