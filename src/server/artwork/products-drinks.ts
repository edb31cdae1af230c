/** The drawings of the drinks: soft drinks, tea and coffee, malt drinks, sparkling juices and mixers. */
import type { ProductDrawing } from './product-drawing.ts';

const COLA = '#3a1d12';
const WATER = '#dbeefa';
const LEMON_LIME = '#e3f5cf';

export const DRINK_DRAWINGS: Record<string, ProductDrawing> = {
  // Soft Drinks, Tea & Coffee
  'tapal-danedar-tea-950g': { pack: 'box', face: 'teacup-without-handle', with: 'glass-of-milk' },
  'tapal-family-mixture-tea-430g': { pack: 'box', face: 'teapot', with: 'leaf-fluttering-in-wind' },
  'lipton-yellow-label-tea-190g': { pack: 'box', face: 'teacup-without-handle', with: 'teapot' },
  'tapal-jasmine-green-tea-30-bags': { pack: 'box', face: 'teacup-without-handle', with: 'blossom', colour: '#357a3f' },
  'lipton-green-tea-honey-lemon-25-bags': { pack: 'box', face: 'teacup-without-handle', with: 'lemon', colour: '#43782a' },
  'nestle-everyday-tea-whitener-900g': { pack: 'pouch', face: 'glass-of-milk', with: 'teacup-without-handle' },
  'nescafe-classic-coffee-100g': { pack: 'jar', face: 'hot-beverage', contents: '#3b2414' },
  'nescafe-3in1-coffee-30-sachets': { pack: 'sachet', face: 'hot-beverage', with: 'glass-of-milk' },
  'coca-cola-1-5l': { pack: 'bottle', contents: COLA, with: 'ice' },
  'pepsi-1-5l': { pack: 'bottle', contents: COLA, with: 'ice' },
  '7up-1-5l': { pack: 'bottle', face: 'lemon', with: 'lime', contents: LEMON_LIME },
  'sprite-500ml': { pack: 'bottle', face: 'lime', with: 'ice', contents: LEMON_LIME },
  'fanta-orange-1-5l': { pack: 'bottle', face: 'tangerine', with: 'tangerine', contents: '#fb923c' },
  'nestle-pure-life-water-1-5l': { pack: 'bottle', face: 'droplet', contents: WATER, colour: '#2670ae' },
  'aquafina-water-1-5l': { pack: 'bottle', face: 'snow-capped-mountain', with: 'droplet', contents: WATER },
  'shezan-mango-juice-1l': { pack: 'juice-box', face: 'mango', with: 'mango' },
  'nestle-fruita-vitals-red-grape-1l': { pack: 'juice-box', face: 'grapes', with: 'grapes', colour: '#7e2a7e' },
  'shezan-apple-juice-250ml': { pack: 'juice-box', face: 'red-apple', with: 'green-apple', colour: '#5b9a2f' },
  'hamdard-rooh-afza-800ml': { pack: 'glass-bottle', face: 'rose', with: 'glass-of-milk', contents: '#b0102e' },
  'jam-e-shirin-800ml': { pack: 'glass-bottle', face: 'cherries', with: 'ice', contents: '#8f1239' },
  'tang-orange-375g': { pack: 'pouch', face: 'tangerine', with: 'cup-with-straw' },
  'red-bull-energy-drink-250ml': { pack: 'can', face: 'high-voltage' },
  'sting-energy-drink-500ml': { pack: 'bottle', face: 'high-voltage', with: 'strawberry', contents: '#d62839' },
  'nestle-milo-chocolate-malt-400g': { pack: 'tin', face: 'chocolate-bar', with: 'glass-of-milk', colour: '#1f7a3a' },
  'olpers-chocolate-flavoured-milk-180ml': { pack: 'juice-box', face: 'chocolate-bar', with: 'glass-of-milk', colour: '#6b4226' },

  // Beer, Wine & Spirits: non-alcoholic malt drinks, sparkling juices and mixers
  'murree-brewery-non-alcoholic-malt-classic-330ml': { pack: 'can', face: 'sheaf-of-rice' },
  'murree-brewery-non-alcoholic-malt-lemon-330ml': { pack: 'can', face: 'lemon', with: 'lemon' },
  'murree-brewery-non-alcoholic-malt-peach-330ml': { pack: 'can', face: 'peach', with: 'peach' },
  'bavaria-0-0-original-330ml': { pack: 'can', face: 'sheaf-of-rice', with: 'ice' },
  'bavaria-0-0-apple-330ml': { pack: 'can', face: 'green-apple', with: 'green-apple' },
  'barbican-raspberry-malt-drink-330ml': { pack: 'glass-bottle', face: 'blueberries', with: 'blueberries', tint: '#d0245a', contents: '#c0264b' },
  'barbican-pomegranate-malt-drink-330ml': { pack: 'glass-bottle', face: 'cherries', with: 'ice', contents: '#9b1c31' },
  'moussy-peach-malt-drink-330ml': { pack: 'glass-bottle', face: 'peach', with: 'peach', contents: '#f4a259' },
  'holsten-0-0-non-alcoholic-malt-330ml': { pack: 'glass-bottle', face: 'sheaf-of-rice', contents: '#d49a2a' },
  'fayrouz-pineapple-330ml': { pack: 'can', face: 'pineapple', with: 'pineapple' },
  'fayrouz-pear-330ml': { pack: 'can', face: 'pear', with: 'pear', colour: '#6a9a1f' },
  'shloer-sparkling-white-grape-750ml': { pack: 'glass-bottle', face: 'grapes', with: 'grapes', tint: '#9ccc3c', contents: '#f1e6b8', colour: '#4d7c0f' },
  'shloer-sparkling-red-grape-750ml': { pack: 'glass-bottle', face: 'grapes', with: 'grapes', contents: '#7f1d3a' },
  'martinellis-sparkling-apple-juice-750ml': { pack: 'glass-bottle', face: 'red-apple', with: 'green-apple', contents: '#e9b949' },
  'schweppes-tonic-water-330ml': { pack: 'can', face: 'lime', with: 'ice' },
  'schweppes-soda-water-330ml': { pack: 'can', face: 'bubbles', with: 'lemon', colour: '#2670ae' },
  'canada-dry-ginger-ale-330ml': { pack: 'can', face: 'ginger-root', with: 'ice' },
  'fever-tree-indian-tonic-water-200ml': { pack: 'glass-bottle', face: 'lime', with: 'ice', contents: WATER },
  'monin-mojito-mint-syrup-700ml': { pack: 'glass-bottle', face: 'herb', with: 'lime', contents: '#7cb342' },
  'monin-grenadine-syrup-700ml': { pack: 'glass-bottle', face: 'tropical-drink', with: 'cherries', contents: '#c2185b' },
  'roses-lime-cordial-1l': { pack: 'glass-bottle', face: 'lime', with: 'lime', contents: '#c5e17a' },
  'perrier-sparkling-mineral-water-330ml': { pack: 'glass-bottle', face: 'bubbles', with: 'lemon', contents: '#cdeccf' },
  'san-pellegrino-sparkling-water-500ml': { pack: 'glass-bottle', face: 'bubbles', with: 'star', contents: WATER },
};
