import { defineCategory } from './define.ts';

/** Pakistani shops sell no alcohol: this aisle is non-alcoholic malt drinks, sparkling juices and mixers. */
export default defineCategory({
  id: 'beer-wine-spirits',
  name: 'Beer, Wine & Spirits',
  description: 'Alcohol-free malt drinks, sparkling grape and apple juices, tonic, soda and mocktail mixers.',
  specs: { Storage: 'Store in a cool place; serve chilled', 'Shelf life': '12 months', Alcohol: '0.0% (non-alcoholic)' },
  rows: [
    ['Murree Brewery Non-Alcoholic Malt Classic 330ml', 'Murree Brewery', 180, 'Golden, non-alcoholic malt beverage brewed in Rawalpindi, refreshing and halal.'],
    ['Murree Brewery Non-Alcoholic Malt Lemon 330ml', 'Murree Brewery', 180, 'Alcohol-free malt drink with a zesty lemon finish.'],
    ['Murree Brewery Non-Alcoholic Malt Peach 330ml', 'Murree Brewery', 180, 'Sweet peach-flavoured malt drink, served chilled.'],
    ['Bavaria 0.0% Original 330ml', 'Bavaria', 350, 'Dutch non-alcoholic malt drink with a crisp, clean taste.'],
    ['Bavaria 0.0% Apple 330ml', 'Bavaria', 350, 'Malt drink with natural apple flavour and zero alcohol.'],
    ['Barbican Raspberry Malt Drink 330ml', 'Barbican', 300, 'Non-alcoholic malt beverage with a tangy raspberry flavour.'],
    ['Barbican Pomegranate Malt Drink 330ml', 'Barbican', 300, 'Fruity pomegranate malt drink, a favourite across the Gulf.'],
    ['Moussy Peach Malt Drink 330ml', 'Moussy', 320, 'Light, fizzy malt drink with ripe peach flavour.'],
    ['Holsten 0.0% Non-Alcoholic Malt 330ml', 'Holsten', 320, 'German-style malt beverage brewed without alcohol.'],
    ['Fayrouz Pineapple 330ml', 'Fayrouz', 280, 'Sparkling malt drink with tropical pineapple flavour.'],
    ['Fayrouz Pear 330ml', 'Fayrouz', 280, 'Crisp pear-flavoured sparkling malt drink.'],
    ['Shloer Sparkling White Grape 750ml', 'Shloer', 2200, 'Lightly sparkling white grape juice, a festive drink for dinners and weddings.'],
    ['Shloer Sparkling Red Grape 750ml', 'Shloer', 2200, 'Sparkling red grape juice with a rich, fruity taste.'],
    ["Martinelli's Sparkling Apple Juice 750ml", "Martinelli's", 1900, '100% apple juice, gently carbonated, in the famous glass bottle.'],
    ['Schweppes Tonic Water 330ml', 'Schweppes', 250, 'Classic bitter-sweet tonic with quinine, a great base for lime mocktails.'],
    ['Schweppes Soda Water 330ml', 'Schweppes', 220, 'Clean, highly carbonated soda water for fresh lime sodas.'],
    ['Canada Dry Ginger Ale 330ml', 'Canada Dry', 230, 'Smooth, mild ginger ale that is caffeine free.'],
    ['Fever-Tree Indian Tonic Water 200ml', 'Fever-Tree', 500, 'Premium tonic made with natural quinine and botanicals.'],
    ['Monin Mojito Mint Syrup 700ml', 'Monin', 3800, 'Mint syrup for virgin mojitos and minty lemonades; mix with soda and lime.', { 'Shelf life': '24 months' }],
    ['Monin Grenadine Syrup 700ml', 'Monin', 3800, 'Red pomegranate-style syrup for layered mocktails and Shirley Temples.', { 'Shelf life': '24 months' }],
    ["Rose's Lime Cordial 1L", "Rose's", 1600, 'Tangy lime cordial to mix with water, soda or tonic.'],
    ['Perrier Sparkling Mineral Water 330ml', 'Perrier', 450, 'Naturally sparkling mineral water from Vergèze, France.'],
    ['San Pellegrino Sparkling Water 500ml', 'San Pellegrino', 550, 'Fine-bubbled Italian mineral water for the dinner table.'],
  ],
});
