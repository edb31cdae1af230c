/**
 * The artwork table: for every image key the catalogue refers to, what to draw.
 * scripts/images.ts renders it (see ./render-artwork.ts). Icons are `set:name` from the
 * installed iconify sets Fluent Emoji Flat (MIT) and Noto Emoji (Apache-2.0).
 *
 * Every product artwork has two keys: `{key}` (the Fluent drawing on its tint, with its
 * companion icon in the corner) and `{key}-alt` (the Noto drawing on a different tint,
 * companion at the opposite corner), so a product's two images differ at a glance.
 * Layer positions are fractions of width/height; size is a fraction of the shorter side.
 */
import type { ImageKindName } from '../../lib/images.ts';

export interface Layer {
  icon: string;
  x: number;
  y: number;
  size: number;
  rotate?: number;
  flip?: boolean;
  opacity?: number;
}

export interface Artwork {
  kind: ImageKindName;
  key: string;
  /** Background colour; the tile runs from a lighter mix of it to a slightly deeper one. */
  tint: string;
  /** Optional second gradient colour (banners). */
  tint2?: string;
  /** Centre of the soft highlight, as fractions. */
  glow?: [number, number];
  layers: Layer[];
}

/** [key, main icon, companion icon ('' for none), tint]. Icon names exist in both sets. */
type ProductArt = [string, string, string, string];

const PRODUCT_ART: ProductArt[] = [
  // Fresh & chilled
  ['milk', 'glass-of-milk', '', '#dbeafe'],
  ['cheese', 'cheese-wedge', '', '#fef3c7'],
  ['butter', 'butter', '', '#fef9c3'],
  ['yogurt', 'bowl-with-spoon', 'glass-of-milk', '#e0f2fe'],
  ['cream', 'glass-of-milk', 'shortcake', '#fce7f3'],
  ['lassi', 'glass-of-milk', 'mango', '#fde68a'],
  ['eggs', 'egg', 'nest-with-eggs', '#fde8c8'],
  ['chicken', 'poultry-leg', '', '#fee2d5'],
  ['meat', 'cut-of-meat', '', '#fde2e2'],
  ['fish', 'fish', '', '#cffafe'],
  ['tomato', 'tomato', '', '#fee2e2'],
  ['onion', 'onion', '', '#f3e8ff'],
  ['potato', 'potato', '', '#f5ebdc'],
  ['banana', 'banana', '', '#fef9c3'],
  ['kinnow', 'tangerine', '', '#ffedd5'],
  ['apple', 'red-apple', '', '#fee2e2'],
  ['herbs', 'herb', 'leafy-green', '#dcfce7'],
  ['chilli', 'hot-pepper', '', '#fee2e2'],
  ['garlic', 'garlic', '', '#f5f5f4'],
  ['ginger', 'ginger-root', '', '#fef3c7'],
  // Food cupboard
  ['biryani-masala', 'curry-rice', 'hot-pepper', '#ffedd5'],
  ['karahi-masala', 'shallow-pan-of-food', 'hot-pepper', '#fee2e2'],
  ['spice', 'hot-pepper', 'salt', '#ffe4d6'],
  ['turmeric', 'ginger-root', 'sparkles', '#fef08a'],
  ['rice', 'sheaf-of-rice', 'cooked-rice', '#fdf3d8'],
  ['cooking-oil', 'pouring-liquid', 'sunflower', '#fef9c3'],
  ['ghee', 'jar', 'butter', '#fef3c7'],
  ['jam', 'jar', 'strawberry', '#ffe4e6'],
  ['ketchup', 'tomato', 'french-fries', '#fee2e2'],
  ['noodles', 'steaming-bowl', '', '#ffedd5'],
  ['soup', 'pot-of-food', '', '#fef3c7'],
  ['chilli-sauce', 'hot-pepper', 'garlic', '#ffe4e6'],
  ['mayonnaise', 'jar', 'egg', '#fefce8'],
  ['lentils', 'beans', '', '#ffedd5'],
  ['salt', 'salt', '', '#e0f2fe'],
  ['flour', 'sheaf-of-rice', 'flatbread', '#f5ebdc'],
  ['pickle', 'jar', 'mango', '#fef3c7'],
  ['custard', 'custard', '', '#fef9c3'],
  ['cornflour', 'ear-of-corn', '', '#fef9c3'],
  ['vermicelli', 'spaghetti', 'bowl-with-spoon', '#fef3c7'],
  ['honey', 'honey-pot', 'honeybee', '#fde68a'],
  ['canned-fruit', 'canned-food', 'cherries', '#fce7f3'],
  ['candy', 'candy', 'lollipop', '#fce7f3'],
  // Bakery
  ['bread', 'bread', '', '#fdf3d8'],
  ['buns', 'bread', 'hamburger', '#fde8c8'],
  ['naan', 'flatbread', '', '#f5ebdc'],
  ['croissant', 'croissant', '', '#fef3c7'],
  ['rusk', 'bread', 'teacup-without-handle', '#fde8c8'],
  ['fruit-cake', 'shortcake', 'cherries', '#ffe4e6'],
  ['cake', 'birthday-cake', '', '#fce7f3'],
  ['pastry', 'shortcake', '', '#fdf2f8'],
  ['patties', 'pie', '', '#fde8c8'],
  ['biscuits', 'cookie', '', '#f5ebdc'],
  ['chocolate-biscuits', 'cookie', 'chocolate-bar', '#ede0d4'],
  ['crackers', 'rice-cracker', '', '#fef3c7'],
  ['cupcake', 'cupcake', '', '#fce7f3'],
  ['doughnut', 'doughnut', '', '#fdf2f8'],
  ['baguette', 'baguette-bread', '', '#fdf3d8'],
  // Frozen
  ['nuggets', 'poultry-leg', 'snowflake', '#e0f2fe'],
  ['kebab', 'meat-on-bone', 'snowflake', '#e0f2fe'],
  ['burger-patty', 'hamburger', 'snowflake', '#dbeafe'],
  ['paratha', 'flatbread', 'snowflake', '#e0f2fe'],
  ['aloo-paratha', 'stuffed-flatbread', 'snowflake', '#e0f2fe'],
  ['samosa', 'dumpling', 'snowflake', '#e0f7fa'],
  ['spring-roll', 'burrito', 'snowflake', '#e0f2fe'],
  ['ice-cream', 'ice-cream', '', '#fce7f3'],
  ['ice-lolly', 'soft-ice-cream', '', '#ede9fe'],
  ['peas', 'pea-pod', 'snowflake', '#dcfce7'],
  ['mixed-veg', 'broccoli', 'carrot', '#dcfce7'],
  ['fries', 'french-fries', 'snowflake', '#fef9c3'],
  ['prawns', 'shrimp', 'snowflake', '#e0f2fe'],
  ['frozen-fish', 'fish', 'snowflake', '#dbeafe'],
  ['pizza', 'pizza', '', '#ffedd5'],
  ['frozen-corn', 'ear-of-corn', 'snowflake', '#e0f2fe'],
  // Dietary, lifestyle & world foods
  ['oats', 'bowl-with-spoon', 'sheaf-of-rice', '#f5ebdc'],
  ['cereal', 'bowl-with-spoon', 'ear-of-corn', '#fef3c7'],
  ['sweetener', 'hot-beverage', 'sparkles', '#e0f2fe'],
  ['olive-oil', 'olive', 'pouring-liquid', '#ecfccb'],
  ['plant-milk', 'glass-of-milk', 'seedling', '#ecfccb'],
  ['seeds', 'seedling', '', '#dcfce7'],
  ['peanut-butter', 'jar', 'peanuts', '#fde8c8'],
  ['nut-spread', 'jar', 'chestnut', '#ede0d4'],
  ['pasta', 'spaghetti', '', '#fef3c7'],
  ['soy-sauce', 'chopsticks', 'steaming-bowl', '#fee2e2'],
  ['ramen', 'steaming-bowl', 'hot-pepper', '#fee2e2'],
  ['taco', 'taco', '', '#fef3c7'],
  ['wrap', 'burrito', '', '#fde8c8'],
  ['pink-salt', 'salt', 'sparkles', '#fce7f3'],
  ['nuts', 'peanuts', 'chestnut', '#f5ebdc'],
  ['coconut-milk', 'coconut', 'glass-of-milk', '#f5f5f4'],
  ['grains', 'sheaf-of-rice', 'seedling', '#ecfccb'],
  ['baked-beans', 'beans', 'canned-food', '#ffedd5'],
  ['tuna', 'canned-food', 'fish', '#dbeafe'],
  // Soft drinks, tea & coffee
  ['tea', 'teacup-without-handle', 'teapot', '#fde8c8'],
  ['green-tea', 'teacup-without-handle', 'herb', '#dcfce7'],
  ['tea-whitener', 'glass-of-milk', 'teacup-without-handle', '#fef3c7'],
  ['coffee', 'hot-beverage', '', '#ede0d4'],
  ['cola', 'cup-with-straw', '', '#fee2e2'],
  ['lemon-soda', 'cup-with-straw', 'lemon', '#ecfccb'],
  ['orange-soda', 'cup-with-straw', 'tangerine', '#ffedd5'],
  ['water', 'droplet', 'tumbler-glass', '#e0f2fe'],
  ['mango-juice', 'beverage-box', 'mango', '#fde68a'],
  ['grape-juice', 'beverage-box', 'grapes', '#ede9fe'],
  ['apple-juice', 'beverage-box', 'red-apple', '#fee2e2'],
  ['sharbat', 'tumbler-glass', 'rose', '#ffe4e6'],
  ['orange-drink', 'tangerine', 'tumbler-glass', '#ffedd5'],
  ['energy-drink', 'cup-with-straw', 'high-voltage', '#e0e7ff'],
  ['chocolate-milk', 'glass-of-milk', 'chocolate-bar', '#ede0d4'],
  // Non-alcoholic malt drinks and mixers
  ['malt-drink', 'cup-with-straw', 'sheaf-of-rice', '#fde8c8'],
  ['malt-lemon', 'cup-with-straw', 'lemon', '#fef9c3'],
  ['malt-apple', 'cup-with-straw', 'green-apple', '#ecfccb'],
  ['malt-berry', 'cup-with-straw', 'strawberry', '#ffe4e6'],
  ['malt-peach', 'cup-with-straw', 'peach', '#ffedd5'],
  ['malt-pineapple', 'cup-with-straw', 'pineapple', '#fef3c7'],
  ['malt-pear', 'cup-with-straw', 'pear', '#ecfccb'],
  ['sparkling-grape', 'grapes', 'sparkles', '#ede9fe'],
  ['sparkling-apple', 'green-apple', 'sparkles', '#ecfccb'],
  ['tonic', 'tumbler-glass', 'lime', '#e0f2fe'],
  ['soda-water', 'tumbler-glass', 'bubbles', '#e0f7fa'],
  ['ginger-ale', 'tumbler-glass', 'ginger-root', '#fef3c7'],
  ['mocktail', 'tropical-drink', 'herb', '#dcfce7'],
  ['grenadine', 'tropical-drink', 'cherries', '#ffe4e6'],
  ['lime-cordial', 'lime', 'tumbler-glass', '#ecfccb'],
  ['sparkling-water', 'droplet', 'bubbles', '#e0f2fe'],
  // Health, beauty & personal care
  ['soap', 'soap', '', '#e0f2fe'],
  ['beauty-soap', 'soap', 'blossom', '#fce7f3'],
  ['antiseptic', 'lotion-bottle', 'adhesive-bandage', '#dcfce7'],
  ['hand-wash', 'lotion-bottle', 'bubbles', '#e0f2fe'],
  ['shampoo', 'lotion-bottle', 'droplet', '#ede9fe'],
  ['toothpaste', 'toothbrush', 'sparkles', '#e0f2fe'],
  ['toothbrush', 'toothbrush', '', '#dbeafe'],
  ['razor', 'razor', '', '#e0e7ff'],
  ['skin-cream', 'lotion-bottle', 'sparkles', '#fdf2f8'],
  ['body-lotion', 'lotion-bottle', 'blossom', '#fce7f3'],
  ['pills', 'pill', '', '#e0f2fe'],
  ['herbal-syrup', 'lotion-bottle', 'herb', '#dcfce7'],
  ['deodorant', 'lotion-bottle', 'wind-face', '#e0e7ff'],
  ['lipstick', 'lipstick', '', '#ffe4e6'],
  ['nail-polish', 'nail-polish', '', '#fce7f3'],
  ['hair-oil', 'coconut', 'droplet', '#ecfccb'],
  // Baby, parent & kids
  ['nappies', 'baby', 'safety-pin', '#e0f2fe'],
  ['baby-food', 'bowl-with-spoon', 'baby', '#fef3c7'],
  ['formula', 'baby-bottle', '', '#e0f2fe'],
  ['growing-up-milk', 'glass-of-milk', 'teddy-bear', '#fef3c7'],
  ['baby-care', 'lotion-bottle', 'baby', '#fce7f3'],
  ['baby-wipes', 'sponge', 'baby', '#e0f2fe'],
  ['baby-soap', 'soap', 'baby-chick', '#fef9c3'],
  ['soother', 'baby', 'baby-bottle', '#ede9fe'],
  ['sippy-cup', 'cup-with-straw', 'baby-chick', '#fef9c3'],
  ['crayons', 'crayon', '', '#ede9fe'],
  ['teddy', 'teddy-bear', '', '#fde8c8'],
  ['chocolate', 'chocolate-bar', '', '#ede0d4'],
  ['backpack', 'backpack', '', '#fee2e2'],
  ['puzzle', 'puzzle-piece', '', '#dcfce7'],
  // Home care & cleaning
  ['detergent', 'bubbles', 't-shirt', '#dbeafe'],
  ['liquid-detergent', 'lotion-bottle', 't-shirt', '#e0e7ff'],
  ['fabric-softener', 't-shirt', 'blossom', '#fce7f3'],
  ['dishwash', 'sponge', 'bubbles', '#ecfccb'],
  ['dishwash-liquid', 'sponge', 'lemon', '#fef9c3'],
  ['toilet-cleaner', 'toilet', 'sparkles', '#e0f2fe'],
  ['insect-spray', 'mosquito', 'prohibited', '#fef3c7'],
  ['surface-cleaner', 'lotion-bottle', 'sparkles', '#dcfce7'],
  ['glass-cleaner', 'window', 'sparkles', '#e0f2fe'],
  ['toilet-roll', 'roll-of-paper', '', '#f5f5f4'],
  ['tissues', 'roll-of-paper', 'blossom', '#fce7f3'],
  ['garbage-bags', 'wastebasket', '', '#e7e5e4'],
  ['broom', 'broom', '', '#fef3c7'],
  ['mop', 'bucket', 'broom', '#dbeafe'],
  ['scrub-pad', 'sponge', '', '#ecfccb'],
  ['air-freshener', 'bouquet', 'sparkles', '#fce7f3'],
  ['floor-cleaner', 'bucket', 'bubbles', '#e0f2fe'],
  // Pets, home & garden
  ['cat-food', 'cat-face', 'fish', '#ffedd5'],
  ['cat-food-wet', 'canned-food', 'cat-face', '#e0f2fe'],
  ['cat-litter', 'cat', 'bucket', '#f5f5f4'],
  ['dog-food', 'dog-face', 'bone', '#fde8c8'],
  ['dog-food-wet', 'canned-food', 'dog-face', '#fef3c7'],
  ['bird-seed', 'parrot', 'sheaf-of-rice', '#dcfce7'],
  ['fish-food', 'tropical-fish', 'bubbles', '#cffafe'],
  ['batteries', 'battery', '', '#dcfce7'],
  ['led-bulb', 'light-bulb', '', '#fef9c3'],
  ['extension', 'electric-plug', '', '#e7e5e4'],
  ['knife', 'kitchen-knife', '', '#e0e7ff'],
  ['torch', 'flashlight', '', '#e0e7ff'],
  ['mouse-trap', 'mouse-trap', '', '#f5ebdc'],
  ['fertiliser', 'seedling', 'sparkles', '#ecfccb'],
  ['potting-soil', 'potted-plant', '', '#f5ebdc'],
  ['seed-packet', 'seedling', 'tomato', '#dcfce7'],
  ['watering', 'droplet', 'seedling', '#e0f2fe'],
  ['rose-plant', 'rose', '', '#ffe4e6'],
  ['garden-gloves', 'gloves', 'seedling', '#dcfce7'],
  ['sunflower', 'sunflower', '', '#fef9c3'],
  // Occasions & entertaining
  ['mithai', 'moon-cake', 'wrapped-gift', '#fef3c7'],
  ['rasmalai', 'custard', 'sparkles', '#fef9c3'],
  ['dry-fruit', 'peanuts', 'wrapped-gift', '#fde8c8'],
  ['dates', 'chestnut', 'wrapped-gift', '#ede0d4'],
  ['eid-gift', 'wrapped-gift', 'crescent-moon', '#dcfce7'],
  ['eid-balloons', 'balloon', 'crescent-moon', '#e0e7ff'],
  ['balloons', 'balloon', '', '#fce7f3'],
  ['party-popper', 'party-popper', '', '#fef3c7'],
  ['party-plates', 'fork-and-knife-with-plate', '', '#e0f2fe'],
  ['party-cups', 'tumbler-glass', 'confetti-ball', '#fce7f3'],
  ['candles', 'candle', '', '#fef3c7'],
  ['diya', 'diya-lamp', '', '#ffedd5'],
  ['mehndi', 'herb', 'sparkles', '#ecfccb'],
  ['fairy-lights', 'light-bulb', 'sparkles', '#ede9fe'],
  ['birthday-candles', 'birthday-cake', 'candle', '#fce7f3'],
  ['chocolate-gift', 'chocolate-bar', 'wrapped-gift', '#ede0d4'],
  ['confetti', 'confetti-ball', '', '#fef3c7'],
  ['gift-wrap', 'wrapped-gift', 'ribbon', '#fce7f3'],
  ['eid-card', 'envelope', 'crescent-moon', '#dcfce7'],
  // Clothing & accessories
  ['socks', 'socks', '', '#e0e7ff'],
  ['cap', 'billed-cap', '', '#dbeafe'],
  ['folding-umbrella', 'closed-umbrella', '', '#ede9fe'],
  ['umbrella', 'umbrella', '', '#e0f2fe'],
  ['shalwar-kameez', 'lab-coat', '', '#ecfdf5'],
  ['lawn-suit', 'dress', 'scarf', '#fce7f3'],
  ['dupatta', 'scarf', '', '#ffe4e6'],
  ['chappal', 'womans-sandal', '', '#f5ebdc'],
  ['slippers', 'thong-sandal', '', '#e0f2fe'],
  ['sandals', 'flat-shoe', '', '#fde8c8'],
  ['shopping-bag', 'shopping-bags', '', '#dcfce7'],
  ['tote-bag', 'handbag', '', '#fef3c7'],
  ['vest', 'running-shirt', '', '#e0f2fe'],
  ['t-shirt', 't-shirt', '', '#dbeafe'],
  ['shawl', 'scarf', 'snowflake', '#ede9fe'],
  ['winter-wear', 'scarf', 'gloves', '#fee2e2'],
  ['gloves', 'gloves', '', '#e0e7ff'],
  ['sunglasses', 'sunglasses', '', '#fef9c3'],
  ['wallet', 'purse', '', '#fde8c8'],
  ['watch', 'watch', '', '#e7e5e4'],
  ['raincoat', 'coat', 'umbrella-with-rain-drops', '#e0f2fe'],
];

/** Pastel tints the alt images cycle through. */
const ALT_TINTS = ['#e0f2fe', '#fce7f3', '#ede9fe', '#dcfce7', '#fef3c7', '#ffe4e6', '#e0e7ff', '#ccfbf1', '#ffedd5', '#f5f5f4'];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function productArtworks([key, icon, companion, tint]: ProductArt): Artwork[] {
  const main: Layer[] = companion
    ? [
        { icon: `fluent-emoji-flat:${icon}`, x: 0.46, y: 0.46, size: 0.58 },
        { icon: `fluent-emoji-flat:${companion}`, x: 0.75, y: 0.74, size: 0.3 },
      ]
    : [{ icon: `fluent-emoji-flat:${icon}`, x: 0.5, y: 0.48, size: 0.64 }];
  const alt: Layer[] = companion
    ? [
        { icon: `noto:${companion}`, x: 0.27, y: 0.28, size: 0.3, rotate: -8 },
        { icon: `noto:${icon}`, x: 0.55, y: 0.56, size: 0.56 },
      ]
    : [
        { icon: `noto:${icon}`, x: 0.5, y: 0.5, size: 0.56, rotate: -6 },
      ];
  let altTint = ALT_TINTS[hash(key) % ALT_TINTS.length];
  if (altTint === tint) altTint = ALT_TINTS[(hash(key) + 1) % ALT_TINTS.length];
  return [
    { kind: 'products', key, tint, layers: main },
    { kind: 'products', key: `${key}-alt`, tint: altTint, glow: [0.3, 0.25], layers: alt },
  ];
}

/** [key, three icons (big centre, then two smaller), tint]; keys are the category ids. */
const CATEGORY_ART: [string, [string, string, string], string][] = [
  ['fresh-chilled-food', ['leafy-green', 'cheese-wedge', 'glass-of-milk'], '#dcfce7'],
  ['food-cupboard', ['cooked-rice', 'canned-food', 'hot-pepper'], '#ffedd5'],
  ['bakery', ['bread', 'croissant', 'cookie'], '#fdf3d8'],
  ['frozen-food', ['ice-cream', 'snowflake', 'french-fries'], '#e0f2fe'],
  ['dietary-lifestyle-world-foods', ['green-salad', 'avocado', 'steaming-bowl'], '#ecfccb'],
  ['soft-drinks-tea-coffee', ['teacup-without-handle', 'beverage-box', 'cup-with-straw'], '#fde8c8'],
  ['beer-wine-spirits', ['tropical-drink', 'grapes', 'bubbles'], '#ede9fe'],
  ['health-beauty-personal-care', ['lotion-bottle', 'soap', 'toothbrush'], '#fce7f3'],
  ['baby-parent-kids', ['baby-bottle', 'teddy-bear', 'baby'], '#e0e7ff'],
  ['home-care-cleaning', ['bubbles', 'broom', 'sponge'], '#cffafe'],
  ['pets-home-garden', ['cat-face', 'potted-plant', 'dog-face'], '#dcfce7'],
  ['occasions-entertaining', ['wrapped-gift', 'balloon', 'party-popper'], '#fce7f3'],
  ['clothing-accessories', ['t-shirt', 'billed-cap', 'socks'], '#e0f2fe'],
];

function categoryArtwork([key, [a, b, c], tint]: (typeof CATEGORY_ART)[number]): Artwork {
  return {
    kind: 'categories',
    key,
    tint,
    layers: [
      { icon: `fluent-emoji-flat:${b}`, x: 0.27, y: 0.34, size: 0.34, rotate: -10 },
      { icon: `fluent-emoji-flat:${c}`, x: 0.74, y: 0.34, size: 0.34, rotate: 10 },
      { icon: `fluent-emoji-flat:${a}`, x: 0.5, y: 0.6, size: 0.52 },
    ],
  };
}

const f = (name: string) => `fluent-emoji-flat:${name}`;

const BANNER_ART: Artwork[] = [
  {
    kind: 'hero',
    key: 'hero-1',
    tint: '#fff3dc',
    tint2: '#fdba74',
    glow: [0.15, 0.5],
    layers: [
      { icon: f('basket'), x: 0.62, y: 0.6, size: 0.62 },
      { icon: f('leafy-green'), x: 0.47, y: 0.3, size: 0.3, rotate: -12 },
      { icon: f('bread'), x: 0.44, y: 0.76, size: 0.3, rotate: -6 },
      { icon: f('glass-of-milk'), x: 0.76, y: 0.27, size: 0.3, rotate: 8 },
      { icon: f('tomato'), x: 0.81, y: 0.72, size: 0.26 },
      { icon: f('egg'), x: 0.89, y: 0.42, size: 0.22, rotate: 14 },
      { icon: f('banana'), x: 0.6, y: 0.17, size: 0.24, rotate: -20 },
      { icon: f('cheese-wedge'), x: 0.95, y: 0.8, size: 0.2 },
      { icon: f('red-apple'), x: 0.37, y: 0.5, size: 0.18, rotate: 10 },
    ],
  },
  {
    kind: 'hero',
    key: 'hero-2',
    tint: '#fef6e4',
    tint2: '#fca5a5',
    glow: [0.15, 0.5],
    layers: [
      { icon: f('curry-rice'), x: 0.63, y: 0.56, size: 0.56 },
      { icon: f('teacup-without-handle'), x: 0.82, y: 0.3, size: 0.32, rotate: 6 },
      { icon: f('flatbread'), x: 0.45, y: 0.72, size: 0.32, rotate: -10 },
      { icon: f('mango'), x: 0.48, y: 0.27, size: 0.28, rotate: -14 },
      { icon: f('hot-pepper'), x: 0.84, y: 0.76, size: 0.24, rotate: 20 },
      { icon: f('onion'), x: 0.65, y: 0.16, size: 0.2 },
      { icon: f('garlic'), x: 0.94, y: 0.52, size: 0.2, rotate: -8 },
      { icon: f('lemon'), x: 0.37, y: 0.47, size: 0.16, rotate: 12 },
    ],
  },
  {
    kind: 'hero-mobile',
    key: 'hero-3',
    tint: '#fff3dc',
    tint2: '#fdba74',
    glow: [0.3, 0.15],
    layers: [
      { icon: f('basket'), x: 0.64, y: 0.7, size: 0.5 },
      { icon: f('leafy-green'), x: 0.3, y: 0.78, size: 0.26, rotate: -12 },
      { icon: f('glass-of-milk'), x: 0.86, y: 0.48, size: 0.24, rotate: 8 },
      { icon: f('bread'), x: 0.12, y: 0.88, size: 0.2, rotate: -8 },
      { icon: f('tomato'), x: 0.9, y: 0.88, size: 0.2 },
      { icon: f('egg'), x: 0.44, y: 0.52, size: 0.16, rotate: 14 },
    ],
  },
  {
    kind: 'hero-mobile',
    key: 'hero-4',
    tint: '#fef6e4',
    tint2: '#fca5a5',
    glow: [0.3, 0.15],
    layers: [
      { icon: f('curry-rice'), x: 0.62, y: 0.72, size: 0.46 },
      { icon: f('teacup-without-handle'), x: 0.88, y: 0.5, size: 0.24, rotate: 6 },
      { icon: f('flatbread'), x: 0.26, y: 0.8, size: 0.28, rotate: -10 },
      { icon: f('mango'), x: 0.4, y: 0.52, size: 0.18, rotate: -14 },
      { icon: f('hot-pepper'), x: 0.9, y: 0.88, size: 0.18, rotate: 20 },
      { icon: f('onion'), x: 0.08, y: 0.92, size: 0.14 },
    ],
  },
  {
    kind: 'promo',
    key: 'breakfast',
    tint: '#fff7e6',
    tint2: '#fcd34d',
    glow: [0.5, 0.15],
    layers: [
      { icon: f('flatbread'), x: 0.5, y: 0.72, size: 0.62 },
      { icon: f('cooking'), x: 0.26, y: 0.52, size: 0.36, rotate: -8 },
      { icon: f('teacup-without-handle'), x: 0.76, y: 0.52, size: 0.34, rotate: 6 },
      { icon: f('bread'), x: 0.2, y: 0.88, size: 0.3, rotate: -10 },
      { icon: f('butter'), x: 0.8, y: 0.88, size: 0.26, rotate: 8 },
      { icon: f('honey-pot'), x: 0.52, y: 0.44, size: 0.24 },
    ],
  },
];

export const artwork: Artwork[] = [
  ...PRODUCT_ART.flatMap(productArtworks),
  ...CATEGORY_ART.map(categoryArtwork),
  ...BANNER_ART,
];

/** The product artwork keys: each base key plus its `-alt`. */
export const PRODUCT_ART_KEYS: readonly string[] = PRODUCT_ART.map(([key]) => key);

/** The two image keys of a product drawn as `artKey`. */
export function productImageKeys(artKey: string): [string, string] {
  return [artKey, `${artKey}-alt`];
}

export function findArtwork(kind: ImageKindName, key: string): Artwork | undefined {
  return artwork.find((a) => a.kind === kind && a.key === key);
}
