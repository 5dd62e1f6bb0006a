import { getOneOperation } from '../../shared/standard';

export const { option, description } = getOneOperation({
	resource: 'locale',
	singular: 'locale',
	plural: 'locales',
	path: '/api/integration/locale/show',
	idName: 'localeId',
	idDisplayName: 'Locale',
	searchListMethod: 'searchLocales',
});
