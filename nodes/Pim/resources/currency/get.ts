import { getOneOperation } from '../../shared/standard';

export const { option, description } = getOneOperation({
	resource: 'currency',
	singular: 'currency',
	plural: 'currencies',
	path: '/api/integration/currencies/show',
	idName: 'currencyId',
	idDisplayName: 'Currency',
	searchListMethod: 'searchCurrencies',
});
