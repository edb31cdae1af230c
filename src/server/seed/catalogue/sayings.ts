/**
 * What shoppers write, by kind of product. Every seed product belongs to exactly one kind (by id),
 * and its written reviews come from its kind's sayings or from the GENERAL ones, which speak
 * only of the order (delivery, packing, price) and so fit any product. A kind's sayings must be
 * true of every product in it: a chai remark belongs on tea, never on a soft drink.
 */

export type Stars = 1 | 2 | 3 | 4 | 5;
export type Said = readonly [Stars, string];

export interface Kind {
  /** Ids of the seed products of this kind. */
  products: readonly string[];
  say: readonly Said[];
}

/** Remarks about the order itself: at least three for every number of stars. */
export const GENERAL: readonly Said[] = [
  [5, 'Excellent service by Kiryana, cash on delivery was smooth.'],
  [5, 'Order aya time pe, rider ne pehle call karke bataya. Very convenient.'],
  [5, 'Ordered at night and it was at my door the next afternoon. Shukriya Kiryana!'],
  [5, 'Exactly as described, and ammi could pay cash at the door.'],
  [5, 'Second time ordering this, same good experience.'],
  [4, 'Value for money. Rider was polite and on time.'],
  [4, 'Good price compared to the market, and no running around in traffic.'],
  [4, 'Good, though the delivery came later than the slot I picked.'],
  [4, 'Well packed and delivered on time, happy with it.'],
  [3, 'Product is fine, but delivery took a day longer than promised.'],
  [3, 'Theek hai. Nothing special, nothing wrong.'],
  [3, 'Okay for the price, I may try another brand next time.'],
  [2, 'Delivery was two days late and nobody called to tell me.'],
  [2, 'The outer packing was torn when it arrived, so I had to check everything.'],
  [2, 'Not quite what I expected from the picture.'],
  [1, 'Received the wrong item, though customer service replaced it the next day.'],
  [1, 'Order was rescheduled twice before it finally came. Not happy.'],
  [1, 'The rider never came on the first day and the helpline kept me waiting.'],
];

export const REVIEWERS: readonly string[] = [
  'Ayesha K.', 'Bilal Ahmed', 'Fatima R.', 'Usman Tariq', 'Sana Malik', 'Hamza Qureshi', 'Zainab S.',
  'Imran Hussain', 'Mehwish A.', 'Ali Raza', 'Hira Shah', 'Faisal Iqbal', 'Nadia Javed', 'Omer Farooq',
  'Rabia Nawaz', 'Kamran Butt', 'Maryam Z.', 'Saad Rehman', 'Amna Siddiqui', 'Waqas Ali', 'Sadia Baig',
  'Adeel Khan', 'Khadija Mirza', 'Junaid Akhtar', 'Tahira Bano', 'Zeeshan Haider', 'Asma Gul',
  'Naveed Anjum', 'Saima Yousaf', 'Rizwan Chaudhry', 'Farah Naz', 'Shoaib Akram', 'Iqra Tahir',
  'Danish Jamil', 'Lubna Sheikh', 'Arslan Mehmood',
];

export const KINDS: Record<string, Kind> = {
  // Fresh & Chilled Food
  milk: {
    products: ['olpers-full-cream-milk-1l', 'nestle-milkpak-uht-milk-1l', 'prema-fresh-pasteurised-milk-1l'],
    say: [
      [5, 'Gaarha doodh, chai ka rang bohat acha aata hai.'],
      [5, 'Always well within date and the packs never leak. Kids have a glass every morning.'],
      [4, 'Rich and thick, a little pricier than the doodh wala but always the same.'],
      [3, 'Fine, but one pack was close to its expiry date.'],
      [2, 'One pack had burst in the bag and everything else got wet.'],
    ],
  },
  dairy: {
    products: ['adams-cheddar-cheese-slices-200g', 'adams-mozzarella-cheese-400g', 'nurpur-salted-butter-200g', 'nestle-dahi-plain-yogurt-900g', 'nurpur-mango-lassi-250ml', 'nestle-cream-200ml'],
    say: [
      [5, 'Came cold in the cooler bag and well within expiry. Fresh taste.'],
      [5, 'Bachon ki favourite, khatam hone se pehle dobara order kar diya.'],
      [4, 'Rich and creamy, just the way it should be. A little expensive.'],
      [3, 'Taste is fine but the pack was sweating, the cold chain could be better.'],
      [2, 'Expiry was only two days away when it arrived.'],
    ],
  },
  eggs: {
    products: ['farm-fresh-brown-eggs-12-pcs'],
    say: [
      [5, 'Not a single broken egg, the tray was packed very carefully.'],
      [4, 'Fresh eggs, the yolks are a lovely deep colour.'],
      [3, 'Good eggs but a bit small for the price.'],
      [2, 'Two eggs were cracked when the tray arrived.'],
    ],
  },
  meat: {
    products: ['k-ns-chicken-breast-boneless-1kg', 'fresh-chicken-whole-cut-1kg', 'mutton-mixed-cut-1kg', 'beef-boneless-undercut-1kg'],
    say: [
      [5, 'Saaf suthra gosht, no smell at all. Made karahi the same night.'],
      [5, 'Clean cuts, properly weighed and packed in a sealed bag.'],
      [4, 'Good quality meat, though there was a bit more fat than I like.'],
      [3, 'Quality okay, but I asked for smaller pieces and got big ones.'],
      [2, 'Arrived a bit warm in the afternoon heat. Please deliver meat earlier in the day.'],
    ],
  },
  seafood: {
    products: ['fresh-rohu-fish-1kg', 'frozen-prawns-medium-500g'],
    say: [
      [5, 'Fresh and cleaned properly, no smell at all. Fried it with masala for dinner.'],
      [4, 'Good quality, packed well with ice.'],
      [3, 'Taste was fine but the pieces were smaller than expected.'],
      [2, 'Not as fresh as I hoped, some of it had to be thrown away.'],
    ],
  },
  vegetables: {
    products: ['tomatoes-1kg', 'onions-1kg', 'potatoes-1kg', 'fresh-coriander-mint-bunch', 'green-chillies-250g', 'garlic-250g', 'ginger-250g'],
    say: [
      [5, 'Bilkul taaza sabzi, better than what I get from the local market.'],
      [5, 'Picked with care and the weight was exact.'],
      [4, 'Good quality, just a little dusty. Washed it and all fine.'],
      [3, 'Mostly fine, but some of it was past its best.'],
      [2, 'Not fresh this time, a good part of it went in the bin.'],
    ],
  },
  fruit: {
    products: ['bananas-12-pcs', 'kinnow-oranges-12-pcs', 'kala-kulu-red-apples-1kg'],
    say: [
      [5, 'Meethe aur rasile, bachon ne ek din mein khatam kar diye.'],
      [5, 'Better than the thela wala and no haggling needed!'],
      [4, 'Sweet and fresh, a couple were on the small side.'],
      [3, 'Taste was okay but not as sweet as the last lot.'],
      [2, 'A few were bruised and soft. Please pack fruit more carefully.'],
    ],
  },

  // Food Cupboard
  masala: {
    products: ['shan-biryani-masala-50g', 'shan-karahi-masala-50g', 'shan-nihari-masala-60g', 'national-chaat-masala-100g', 'national-red-chilli-powder-200g', 'national-haldi-turmeric-powder-200g', 'mehran-garam-masala-powder-100g'],
    say: [
      [5, 'Same taste as always, ammi ki recipe ke saath perfect lagta hai.'],
      [5, 'Strong khushboo, a little goes a long way.'],
      [4, 'Good colour and aroma. A bit too much mirch for me, so I use less.'],
      [3, 'Fine, but the pack is smaller than I thought.'],
      [2, 'The pack was torn and some of it had spilled in the bag.'],
    ],
  },
  rice: {
    products: ['guard-super-kernel-basmati-rice-5kg', 'falak-extra-long-grain-basmati-rice-1kg', 'guard-brown-basmati-rice-1kg'],
    say: [
      [5, 'Lambay daane aur zabardast khushboo. Every grain cooks separate.'],
      [5, 'Clean rice, no stones or broken grains.'],
      [4, 'Good quality, though the grains look a little shorter than the last bag.'],
      [3, 'Okay rice, needs a longer soak than the packet says.'],
      [2, 'Found some broken grains and dust in the bag.'],
    ],
  },
  cookingFat: {
    products: ['dalda-cooking-oil-3l', 'sufi-canola-oil-1l', 'habib-banaspati-ghee-1kg'],
    say: [
      [5, 'Light and no smell, pakoray came out crisp and not oily.'],
      [5, 'Trusted brand, sealed properly. Heavy item delivered to the door, very helpful.'],
      [4, 'Good for daily cooking, though the price went up again.'],
      [3, 'Fine, but the container had a small dent.'],
      [2, 'The cap leaked a little and the whole bag got greasy.'],
    ],
  },
  sweetSpread: {
    products: ['mitchells-mixed-fruit-jam-440g', 'marhaba-pure-honey-250g', 'skippy-crunchy-peanut-butter-340g', 'nutella-hazelnut-spread-350g'],
    say: [
      [5, 'Nashtay mein toast ke saath, bachay bohat shauq se khaate hain.'],
      [5, 'Seal was intact and the expiry date was a year away.'],
      [4, 'Tasty, but a bit too sweet for me.'],
      [3, 'Good taste, but the jar is smaller than it looks in the picture.'],
      [2, 'The lid was loose when it arrived and some had leaked.'],
    ],
  },
  sauce: {
    products: ['national-tomato-ketchup-800g', 'shangrila-chilli-garlic-sauce-800g', 'youngs-french-mayonnaise-1l', 'ahmed-mixed-pickle-1kg', 'kikkoman-soy-sauce-150ml'],
    say: [
      [5, 'Same great taste as always, the whole family likes it.'],
      [5, 'Lasts us the whole month. Very good value.'],
      [4, 'Good taste, though the price has gone up.'],
      [3, 'Okay, I prefer the taste of another brand.'],
      [2, 'The cap was not sealed properly and some had leaked.'],
    ],
  },
  instant: {
    products: ['knorr-chicken-noodles-66g', 'maggi-2-minute-masala-noodles-pack-of-5', 'knorr-chicken-corn-soup-45g', 'nongshim-shin-ramyun-120g'],
    say: [
      [5, 'Ready in minutes, perfect for a late-night snack during exams.'],
      [5, 'Kids ki favourite, school se aate hi yehi maangte hain.'],
      [4, 'Tasty and quick. A bit salty, so I use less of the seasoning.'],
      [3, 'Good for a quick bite, but the pack is smaller than it used to be.'],
      [2, 'Too spicy for the children, we could not finish it.'],
    ],
  },
  pulses: {
    products: ['masoor-daal-red-lentils-1kg', 'safed-chana-white-chickpeas-1kg'],
    say: [
      [5, 'Saaf suthri, no keeray or kankar. Cooks soft quickly.'],
      [4, 'Good quality, price is a little higher than Imtiaz but delivery saves time.'],
      [3, 'Okay quality, had to pick out a few small stones.'],
      [2, 'The bag was torn at the corner and some had spilled.'],
    ],
  },
  flour: {
    products: ['sunridge-chakki-atta-10kg'],
    say: [
      [5, 'Roti narm aur phooli hui banti hai. Heavy bag delivered right to the kitchen.'],
      [4, 'Good chakki taste, a little coarser than the last bag.'],
      [3, 'Fine, but I had to sieve out some bran.'],
      [2, 'The bag had a small tear and atta was all over the box.'],
    ],
  },
  salt: {
    products: ['national-iodised-salt-800g', 'himalayan-pink-salt-800g'],
    say: [
      [5, 'Clean and free-flowing, no lumps even in the monsoon.'],
      [4, 'Good salt, sturdy pack with a proper pouring spout.'],
      [3, 'It is salt. Fine, nothing more to say.'],
    ],
  },
  dessertMix: {
    products: ['rafhan-custard-powder-vanilla-275g', 'national-vermicelli-150g'],
    say: [
      [5, 'Eid ke liye meetha banaya, sab ne tareef ki.'],
      [5, 'Easy to make and the kids love it.'],
      [4, 'Good taste, the box makes plenty for the family.'],
      [3, 'Fine, but the pack is smaller than it used to be.'],
    ],
  },
  cornFlour: {
    products: ['rafhan-corn-flour-300g'],
    say: [
      [5, 'Fine and smooth, thickens soup in no time.'],
      [4, 'Gives a lovely crisp coating on fried chicken.'],
      [3, 'Does the job, but the box was dented.'],
    ],
  },
  cannedFruit: {
    products: ['mitchells-fruit-cocktail-850g'],
    say: [
      [5, 'Perfect for fruit chaat and trifle at iftar.'],
      [4, 'Soft fruit in light syrup, just right.'],
      [3, 'The tin had a dent, though the fruit inside was fine.'],
    ],
  },
  sweets: {
    products: ['candyland-jubbly-jelly-24-pcs', 'candyland-jelly-beans-party-pack-300g', 'kinder-chocolate-8-bars'],
    say: [
      [5, 'Kids love them, perfect for the party goodie bags.'],
      [5, 'Fresh stock, nothing stale.'],
      [4, 'Too sweet for me, but the bachay are very happy.'],
      [2, 'Some had melted a little in the heat.'],
    ],
  },

  // Bakery
  bread: {
    products: ['dawn-large-sandwich-bread-800g', 'dawn-milky-bread-300g', 'dawn-brown-bread-large-700g', 'dawn-burger-buns-pack-of-4', 'whole-wheat-pita-bread-5-pcs', 'french-baguette-300g'],
    say: [
      [5, 'Soft and fresh, bachon ne nashtay mein khatam kar diya.'],
      [5, "Delivered with the day's date, very fresh."],
      [4, 'Fresh delivery, would like a longer expiry date though.'],
      [3, 'Good, but a little dry by the second day.'],
      [2, 'Was a bit stale on the edges this time.'],
    ],
  },
  naan: {
    products: ['fresh-naan-4-pcs', 'sheermal-2-pcs', 'taftan-2-pcs'],
    say: [
      [5, 'Warm it on the tawa and it tastes straight out of the tandoor.'],
      [5, 'Had it with nihari on Sunday morning, perfect.'],
      [4, 'Soft and fluffy, just the right size.'],
      [3, 'A little dry by the evening, best eaten the same day.'],
    ],
  },
  teaTime: {
    products: ['gourmet-plain-cake-rusk-400g', 'gourmet-bakarkhani-400g', 'nan-khatai-400g', 'peek-freans-sooper-family-pack', 'lu-prince-chocolate-biscuits-family-pack', 'lu-tuc-crackers-family-pack', 'peek-freans-rio-strawberry-family-pack', 'bisconni-chocolatto-family-pack', 'mcvities-digestive-biscuits-250g'],
    say: [
      [5, 'Perfect with chai in the evening. Highly recommended.'],
      [5, 'Crisp and fresh, chai mein dubo ke khao!'],
      [4, 'One pack lasts us the whole week.'],
      [4, 'Kids take them to school every day.'],
      [3, 'A few were broken in the pack.'],
    ],
  },
  cakes: {
    products: ['gourmet-fruit-cake-500g', 'gourmet-chocolate-fudge-cake-1kg', 'gourmet-pineapple-pastry-2-pcs', 'gourmet-vanilla-cupcakes-6-pcs', 'gourmet-glazed-doughnuts-4-pcs', 'gourmet-butter-croissant-2-pcs'],
    say: [
      [5, 'Ordered for a birthday, everyone loved it.'],
      [5, 'Soft, fresh and not too sweet.'],
      [4, 'Tasty, though a little squashed in the box.'],
      [3, 'Good, but I expected it to be fresher.'],
    ],
  },
  patties: {
    products: ['gourmet-chicken-patties-4-pcs'],
    say: [
      [5, 'Flaky and full of filling. Five minutes in the oven and they taste fresh.'],
      [4, 'Good for the evening snack, the filling could be spicier.'],
      [3, 'A bit oily this time.'],
    ],
  },

  // Frozen Food
  frozenSnacks: {
    products: ['k-ns-chicken-nuggets-1kg', 'k-ns-seekh-kabab-600g', 'k-ns-chapli-kabab-648g', 'k-ns-chicken-burger-patties-1kg', 'k-ns-chicken-spring-rolls-12-pcs', 'sabroso-chicken-strips-1kg', 'sabroso-vegetable-samosa-12-pcs', 'sabroso-fish-fingers-500g', 'sabroso-chicken-tikka-pizza-7in', 'mon-salwa-chicken-shami-kabab-18-pcs', 'sabroso-chicken-cheese-balls-500g', 'mccain-french-fries-1kg'],
    say: [
      [5, 'Came frozen solid. Perfect for sehri and iftar.'],
      [5, 'Saves so much time on busy weekdays. Quality is always the same.'],
      [4, 'Tasty and the kids love it. A little salty for my taste.'],
      [3, 'Okay taste, but I expected a bigger pack for the price.'],
      [2, 'Half-thawed when it arrived, so I had to cook it all the same day.'],
    ],
  },
  frozenParatha: {
    products: ['dawn-plain-paratha-5-pcs', 'dawn-aloo-paratha-4-pcs', 'dawn-whole-wheat-paratha-5-pcs'],
    say: [
      [5, 'Layered and flaky, just like homemade. Nashta in five minutes.'],
      [5, 'Perfect for sehri, no mess in the kitchen.'],
      [4, 'Good, but they stick together if they thaw.'],
      [3, 'A bit too much oil for my liking.'],
    ],
  },
  iceCream: {
    products: ['walls-vanilla-ice-cream-1-4l', 'omore-mango-ice-cream-1-4l', 'walls-feast-chocolate-stick', 'igloo-kulfa-cone-6-pcs'],
    say: [
      [5, 'Arrived frozen hard even in June. Bachay bohat khush.'],
      [5, 'Perfect after dinner in this garmi.'],
      [4, 'Creamy and not too sweet.'],
      [2, 'It had melted a little and frozen again on the way.'],
    ],
  },
  frozenVeg: {
    products: ['frozen-green-peas-1kg', 'frozen-mixed-vegetables-500g', 'frozen-sweet-corn-kernels-500g'],
    say: [
      [5, 'Tastes fresh, no ice crystals in the bag.'],
      [5, 'Handy for pulao and fried rice on busy days.'],
      [4, 'Good, but the bag is smaller than it looks.'],
      [3, 'Some of it had stuck together in one lump.'],
    ],
  },

  // Dietary, Lifestyle & World Foods
  breakfastCereal: {
    products: ['quaker-oats-800g', 'nestle-fitness-cereal-375g', 'kelloggs-corn-flakes-500g', 'nature-valley-crunchy-granola-bars-6-pcs'],
    say: [
      [5, 'Healthy nashta, keeps me full till lunch.'],
      [5, 'Fresh, and the box was sealed properly.'],
      [4, 'Good, but the price keeps going up.'],
      [3, 'A bit bland for my taste.'],
    ],
  },
  sweetener: {
    products: ['canderel-sweetener-100-tablets'],
    say: [
      [5, "Part of my diet plan now, no bitter aftertaste. Abbu's doctor recommended it."],
      [4, 'Dissolves quickly, one tablet is enough.'],
      [3, 'Takes some getting used to, but it works.'],
    ],
  },
  oliveOil: {
    products: ['borges-extra-virgin-olive-oil-500ml'],
    say: [
      [5, 'Genuine imported oil, lovely on salads.'],
      [4, 'Good quality and the expiry date was fine.'],
      [3, 'Expensive, but it is the real thing.'],
    ],
  },
  plantMilk: {
    products: ['alpro-almond-milk-unsweetened-1l'],
    say: [
      [5, 'Hard to find in Lahore, so glad Kiryana stocks it.'],
      [4, 'Good for my son who cannot have dairy, light taste.'],
      [3, 'Unsweetened as it says, takes some getting used to.'],
    ],
  },
  healthFoods: {
    products: ['chia-seeds-250g', 'white-quinoa-500g', 'roasted-mixed-nuts-250g'],
    say: [
      [5, 'Part of my diet plan now, great quality.'],
      [5, 'Clean and fresh, no dust at all.'],
      [4, 'Good but quite expensive compared to abroad.'],
      [3, 'The pack was smaller than I expected.'],
    ],
  },
  worldFood: {
    products: ['barilla-gluten-free-fusilli-500g', 'barilla-spaghetti-no-5-500g', 'old-el-paso-taco-kit-308g', 'mission-tortilla-wraps-8-pcs', 'chaokoh-coconut-milk-400ml', 'heinz-baked-beans-415g', 'john-west-tuna-chunks-in-water-185g'],
    say: [
      [5, 'Genuine imported product, expiry date was fine.'],
      [5, 'Tastes just like the one I had abroad.'],
      [4, 'Hard to find in Pakistan, so glad Kiryana stocks it.'],
      [3, 'Good but quite expensive compared to abroad.'],
      [2, 'Arrived dented, though what was inside was fine.'],
    ],
  },

  // Soft Drinks, Tea & Coffee
  tea: {
    products: ['tapal-danedar-tea-950g', 'tapal-family-mixture-tea-430g', 'lipton-yellow-label-tea-190g'],
    say: [
      [5, 'Chai ka maza aa gaya. Strong colour and taste.'],
      [5, 'Doodh patti banti hai bilkul dhabay wali.'],
      [4, 'Good as always, wish there were more bundle offers.'],
      [3, 'Taste is fine but the colour is lighter than before.'],
      [2, 'The pack was sealed but the box was crushed.'],
    ],
  },
  greenTea: {
    products: ['tapal-jasmine-green-tea-30-bags', 'lipton-green-tea-honey-lemon-25-bags'],
    say: [
      [5, 'Light and fragrant, I have a cup after every meal.'],
      [5, 'Helps after a heavy dinner, lovely aroma.'],
      [4, 'Nice taste, but the flavour fades once the box is open a few weeks.'],
      [2, 'Some of the tea bags had torn in the box.'],
    ],
  },
  teaWhitener: {
    products: ['nestle-everyday-tea-whitener-900g'],
    say: [
      [5, 'Gives chai a creamy colour, one pack lasts the whole month.'],
      [4, 'Handy for the office and when the milk runs out.'],
      [3, 'Okay, but not the same as fresh milk in chai.'],
    ],
  },
  coffee: {
    products: ['nescafe-classic-coffee-100g', 'nescafe-3in1-coffee-30-sachets'],
    say: [
      [5, 'Strong aroma, my morning cup is sorted.'],
      [5, 'Late night study sessions ka saathi.'],
      [4, 'Good coffee, a bit pricey.'],
      [3, 'Tastes weaker than it used to.'],
    ],
  },
  fizzy: {
    products: ['coca-cola-1-5l', 'pepsi-1-5l', '7up-1-5l', 'sprite-500ml', 'fanta-orange-1-5l'],
    say: [
      [5, 'Ordered for a dawat, arrived quickly and still cold.'],
      [5, 'Good fizz, tastes best ice cold with biryani.'],
      [4, 'Good as always, the price is the same as the shop.'],
      [3, 'Fine, but one bottle had less fizz than usual.'],
      [2, 'The bottle was dented and a bit flat.'],
    ],
  },
  water: {
    products: ['nestle-pure-life-water-1-5l', 'aquafina-water-1-5l'],
    say: [
      [5, 'Clean taste, we keep a few bottles at home for guests.'],
      [5, 'Heavy bottles brought right to the door, very helpful.'],
      [4, 'Good water, the seal is intact every time.'],
      [2, "One bottle's cap seal was broken, so I sent it back."],
    ],
  },
  juice: {
    products: ['shezan-mango-juice-1l', 'nestle-fruita-vitals-red-grape-1l', 'shezan-apple-juice-250ml'],
    say: [
      [5, 'Thick and fruity, tastes like real fruit.'],
      [5, 'Kids love it, serve it chilled in the summer.'],
      [4, 'Good taste but a bit too sweet for me.'],
      [2, 'The pack was leaking at one corner.'],
    ],
  },
  drinkMix: {
    products: ['hamdard-rooh-afza-800ml', 'jam-e-shirin-800ml', 'tang-orange-375g'],
    say: [
      [5, 'Iftar ka must-have, one glass and the day’s thakan is gone.'],
      [5, 'Makes so many glasses, great value.'],
      [4, 'Too sweet for me, I add extra water.'],
      [2, 'It arrived sticky on the outside, the lid was not tight.'],
    ],
  },
  energyDrink: {
    products: ['red-bull-energy-drink-250ml', 'sting-energy-drink-500ml'],
    say: [
      [5, 'Keeps me going through night shifts.'],
      [4, 'Good kick before the gym.'],
      [3, 'Too sweet, and pricey for what it is.'],
    ],
  },
  chocolateDrink: {
    products: ['nestle-milo-chocolate-malt-400g', "olpers-chocolate-flavoured-milk-180ml"],
    say: [
      [5, 'Bachon ki favourite, they have it before school.'],
      [4, 'Chocolatey and not too sweet.'],
      [3, 'Good, but the price has gone up.'],
    ],
  },

  // Beer, Wine & Spirits (all alcohol-free)
  malt: {
    products: ['murree-brewery-non-alcoholic-malt-classic-330ml', 'murree-brewery-non-alcoholic-malt-lemon-330ml', 'murree-brewery-non-alcoholic-malt-peach-330ml', 'bavaria-0-0-original-330ml', 'bavaria-0-0-apple-330ml', 'barbican-raspberry-malt-drink-330ml', 'barbican-pomegranate-malt-drink-330ml', 'moussy-peach-malt-drink-330ml', 'holsten-0-0-non-alcoholic-malt-330ml', 'fayrouz-pineapple-330ml', 'fayrouz-pear-330ml'],
    say: [
      [5, 'Great alcohol-free option for family dinners. Very refreshing chilled.'],
      [5, "Served it at my sister's mehndi, everyone asked about it."],
      [4, 'Nice taste, a bit sweet. Goes well with barbecue.'],
      [3, 'Decent, but I prefer another flavour.'],
    ],
  },
  sparklingJuice: {
    products: ['shloer-sparkling-white-grape-750ml', 'shloer-sparkling-red-grape-750ml', 'martinellis-sparkling-apple-juice-750ml'],
    say: [
      [5, 'Perfect for a celebration without alcohol, the family loved it.'],
      [5, 'Lovely bubbles and real fruit taste.'],
      [4, 'Expensive, but worth it for special occasions.'],
      [3, 'A bit too sweet for my taste.'],
    ],
  },
  mixers: {
    products: ['schweppes-tonic-water-330ml', 'schweppes-soda-water-330ml', 'canada-dry-ginger-ale-330ml', 'fever-tree-indian-tonic-water-200ml', 'perrier-sparkling-mineral-water-330ml', 'san-pellegrino-sparkling-water-500ml'],
    say: [
      [5, 'Crisp and bubbly, great with fresh lime.'],
      [4, 'Good fizz that lasts.'],
      [4, 'Hard to find in Lahore, glad it is here.'],
      [3, 'Pricey for such a small bottle.'],
    ],
  },
  syrup: {
    products: ['monin-mojito-mint-syrup-700ml', 'monin-grenadine-syrup-700ml', 'roses-lime-cordial-1l'],
    say: [
      [5, 'Made mocktails for a dawat, everyone loved them.'],
      [5, 'A little goes a long way, great value.'],
      [4, 'Good flavour, quite sweet.'],
      [2, 'The bottle arrived sticky, the cap was not tight.'],
    ],
  },

  // Health, Beauty & Personal Care
  soap: {
    products: ['lifebuoy-total-10-soap-98g', 'safeguard-pure-white-soap-103g', 'lux-soft-glow-rose-soap-128g', 'dettol-original-soap-110g', 'dettol-original-hand-wash-200ml'],
    say: [
      [5, 'Original product, not a copy. Packing was sealed.'],
      [5, 'Lathers well and the fragrance stays.'],
      [4, 'Using it for years, glad to get it delivered at home.'],
      [3, 'Dries my skin a little in winter.'],
    ],
  },
  antiseptic: {
    products: ['dettol-antiseptic-liquid-500ml'],
    say: [
      [5, 'Every ghar needs this. I use it for cuts and in the mopping water.'],
      [4, 'Genuine bottle, seal intact.'],
      [3, 'The smell is strong, but that is how it works.'],
    ],
  },
  shampoo: {
    products: ['sunsilk-black-shine-shampoo-360ml', 'head-shoulders-anti-dandruff-shampoo-360ml', 'pantene-hair-fall-control-shampoo-360ml'],
    say: [
      [5, 'Hair feels soft and the fragrance is light.'],
      [4, 'Original product, genuine stock.'],
      [3, 'Works okay, but I need to use quite a lot.'],
      [2, 'Made my hair a bit dry.'],
    ],
  },
  hairOil: {
    products: ['parachute-coconut-hair-oil-200ml', 'dabur-amla-hair-oil-200ml'],
    say: [
      [5, 'Nani ka nuskha, baalon ke liye best.'],
      [4, 'Light and not too sticky.'],
      [3, 'Good oil, but the cap leaks a bit.'],
    ],
  },
  toothpaste: {
    products: ['colgate-maxfresh-toothpaste-150g', 'sensodyne-fresh-mint-toothpaste-100g'],
    say: [
      [5, 'Fresh breath all day, the whole family uses it.'],
      [4, 'Genuine stock and a long expiry date.'],
      [3, 'Too minty for the kids.'],
    ],
  },
  toothbrush: {
    products: ['colgate-zig-zag-toothbrush-medium-2-pcs'],
    say: [
      [5, 'Gentle on the gums and cleans well.'],
      [4, 'Good value for a pack of two.'],
      [3, 'The bristles spread out after a month.'],
    ],
  },
  razor: {
    products: ['gillette-blue-ii-plus-razors-5-pcs'],
    say: [
      [5, 'Smooth shave, no cuts.'],
      [4, 'Good value pack, each razor lasts a week.'],
      [3, 'Goes blunt quicker than I expected.'],
    ],
  },
  skinCare: {
    products: ['nivea-soft-moisturising-cream-200ml', 'vaseline-intensive-care-lotion-400ml', 'glow-lovely-advanced-multivitamin-cream-50g'],
    say: [
      [5, 'Keeps my skin soft in the dry winter.'],
      [4, 'Light fragrance, not greasy.'],
      [4, 'Original product, packing was sealed.'],
      [2, 'Not suitable for my skin, but the product was genuine.'],
    ],
  },
  medicine: {
    products: ['panadol-extra-tablets-20-tablets', 'hamdard-safi-syrup-175ml'],
    say: [
      [5, 'Genuine stock with a long expiry date, sealed pack.'],
      [5, 'So handy to get it delivered instead of going to the pharmacy at night.'],
      [3, 'Same price as the pharmacy, so no saving.'],
    ],
  },
  deodorant: {
    products: ['nivea-men-fresh-active-deodorant-150ml', 'rexona-women-roll-on-50ml'],
    say: [
      [5, 'Fragrance lasts all day, even in the Karachi heat.'],
      [4, 'No white marks on clothes.'],
      [3, 'Smells nice but fades by the afternoon.'],
    ],
  },
  cosmetics: {
    products: ['rivaj-uk-matte-lipstick', 'rivaj-uk-nail-polish-12ml'],
    say: [
      [5, 'Beautiful shade, exactly like the picture.'],
      [4, 'Good for the price, lasts all day.'],
      [3, 'The colour looks a little different from the picture.'],
    ],
  },

  // Baby, Parent & Kids
  nappies: {
    products: ['pampers-baby-dry-size-4-52-pcs', 'pampers-new-baby-size-1-32-pcs', 'molfix-midi-size-3-94-pcs', 'molfix-pants-junior-size-5-40-pcs', 'canbebe-comfort-dry-large-size-4-58-pcs'],
    say: [
      [5, 'No leaks all night, baby sleeps well.'],
      [5, 'Genuine stock, and the price was lower than the pharmacy.'],
      [4, 'Soft and no rash, delivered next day in Karachi.'],
      [3, 'Fine, but the pack size changed and it has fewer pieces now.'],
      [2, 'The size runs small, order one size up.'],
    ],
  },
  babyFood: {
    products: ['nestle-cerelac-wheat-with-milk-175g', 'nestle-cerelac-mixed-fruits-350g', 'nestle-cerelac-rice-175g'],
    say: [
      [5, 'My son loves it and finishes the whole bowl.'],
      [5, 'Genuine stock with good expiry. Very important for baby items.'],
      [4, 'Easy to mix, no lumps.'],
      [3, 'Baby did not like this flavour much.'],
    ],
  },
  formula: {
    products: ['nestle-nan-optipro-1-infant-formula-400g', 'nestle-lactogen-1-infant-formula-400g', 'nestle-nido-fortigrow-910g'],
    say: [
      [5, 'Genuine stock with good expiry. Very important for baby items.'],
      [5, 'Delivered next day, so we never run out.'],
      [4, 'Mixes easily, no lumps.'],
      [3, 'The price has gone up again.'],
    ],
  },
  babyGear: {
    products: ['philips-avent-natural-feeding-bottle-260ml', 'chicco-physio-soother-6-16-months', 'farlin-training-sippy-cup-240ml'],
    say: [
      [5, 'Baby took to it straight away.'],
      [4, 'Good quality and easy to clean.'],
      [3, 'Fine, but it leaks a little.'],
    ],
  },
  babyToiletries: {
    products: ['johnsons-baby-shampoo-200ml', 'johnsons-baby-powder-200g', 'johnsons-baby-oil-125ml', 'johnsons-baby-soap-100g', 'pampers-fresh-clean-baby-wipes-64-pcs'],
    say: [
      [5, "Gentle on baby's skin, no rash."],
      [5, 'That soft, fresh baby smell. Original product, sealed.'],
      [4, 'Good, but a bit expensive.'],
    ],
  },
  kidsToys: {
    products: ['crayola-crayons-24-pcs', 'teddy-bear-plush-30cm', 'kids-school-backpack', 'jigsaw-puzzle-100-pcs'],
    say: [
      [5, 'My daughter loves it and uses it every day.'],
      [5, 'Good quality for the price, a lovely gift.'],
      [3, 'Smaller than it looked in the picture.'],
      [2, 'Okay quality, I expected a little better.'],
    ],
  },

  // Home Care & Cleaning
  laundry: {
    products: ['surf-excel-washing-powder-1kg', 'surf-excel-washing-powder-500g', 'ariel-original-washing-powder-1kg', 'ariel-power-gel-liquid-detergent-1l', 'bonus-tristar-washing-powder-1kg'],
    say: [
      [5, 'Daag bilkul saaf ho gaye. Best for white kurtas.'],
      [5, 'Works well and the clothes smell fresh. Good value.'],
      [4, 'Delivered to the door, no need to carry it from the market.'],
      [3, 'Average results on tough stains.'],
      [2, 'Leaves a little residue when I wash in cold water.'],
    ],
  },
  fabricConditioner: {
    products: ['comfort-fabric-conditioner-860ml'],
    say: [
      [5, 'Clothes come out soft and smell lovely for days.'],
      [4, 'A little goes a long way.'],
      [3, 'The fragrance is too strong for me.'],
    ],
  },
  dishwash: {
    products: ['vim-dishwash-bar-300g', 'lemon-max-dishwash-liquid-475ml'],
    say: [
      [5, 'Cuts the grease quickly, pateelay shine.'],
      [4, 'Lasts long, good value.'],
      [3, 'Dries out my hands a bit.'],
    ],
  },
  toiletCleaner: {
    products: ['harpic-power-plus-toilet-cleaner-500ml'],
    say: [
      [5, 'Stains gone in one go.'],
      [4, 'Strong stuff, use gloves.'],
      [3, 'Works, but the smell is very strong.'],
    ],
  },
  insectSpray: {
    products: ['mortein-insect-killer-spray-375ml', 'kingtox-mosquito-spray-300ml'],
    say: [
      [5, 'Machar gone in minutes, a must in dengue season.'],
      [4, 'Works well and the smell goes quickly.'],
      [3, 'Does the job, but the smell is strong.'],
    ],
  },
  surfaceCleaner: {
    products: ['dettol-surface-cleaner-500ml', 'colin-glass-cleaner-500ml', 'phenyl-white-floor-cleaner-1l'],
    say: [
      [5, 'Cleans well and leaves a fresh smell.'],
      [4, 'Leaves a shine without streaks.'],
      [3, 'The smell is a bit strong.'],
    ],
  },
  paper: {
    products: ['rose-petal-toilet-roll-4-pcs', 'rose-petal-facial-tissue-box-150-sheets', 'rose-petal-kitchen-towel-2-pcs'],
    say: [
      [5, 'Soft and strong, good value.'],
      [4, 'Always in stock, comes with the rest of the groceries.'],
      [3, 'Thinner than the brand I used before.'],
    ],
  },
  garbageBags: {
    products: ['garbage-bags-large-30-pcs'],
    say: [
      [5, 'Strong bags, they do not tear even when full.'],
      [4, 'The right size for the kitchen bin.'],
      [2, 'A few tore at the bottom.'],
    ],
  },
  cleaningTools: {
    products: ['soft-phool-jharu-broom', 'floor-mop-with-bucket', 'scotch-brite-scrub-pad-3-pcs'],
    say: [
      [5, 'Sturdy and does the job well.'],
      [4, 'Good quality for the price.'],
      [3, 'Okay, but it started wearing out after a few weeks.'],
    ],
  },
  airFreshener: {
    products: ['air-wick-air-freshener-lavender-300ml'],
    say: [
      [5, 'The room smells lovely for hours.'],
      [4, 'Nice lavender fragrance, not overpowering.'],
      [3, 'The fragrance fades quickly.'],
    ],
  },

  // Pets, Home & Garden
  catFood: {
    products: ['whiskas-adult-ocean-fish-1-2kg', 'whiskas-tuna-pouch-85g', 'whiskas-kitten-mackerel-450g', 'me-o-seafood-cat-food-1-2kg'],
    say: [
      [5, 'Meri billi ko bohat pasand aaya, finished the bowl.'],
      [5, 'Our cat is fussy but eats this happily.'],
      [4, 'Good food, her coat looks shinier.'],
      [3, 'My cat got bored of this flavour after a week.'],
    ],
  },
  dogFood: {
    products: ['pedigree-adult-chicken-vegetables-1-5kg', 'pedigree-chicken-pouch-80g'],
    say: [
      [5, 'Our dog waits by the bowl for this.'],
      [4, 'Good for his digestion, the vet recommended it.'],
      [3, 'Not much for a big dog.'],
    ],
  },
  catLitter: {
    products: ['bentonite-cat-litter-5l'],
    say: [
      [5, 'Clumps well and keeps the smell down.'],
      [4, 'Heavy bag delivered to the door, very helpful.'],
      [3, 'A bit dusty when pouring.'],
    ],
  },
  birdSeed: {
    products: ['budgie-seed-mix-1kg'],
    say: [
      [5, 'Our budgies love this mix.'],
      [4, 'Clean seeds, no dust.'],
      [3, 'The birds leave some of the seeds.'],
    ],
  },
  fishFood: {
    products: ['tetra-tropical-fish-flakes-100ml'],
    say: [
      [5, 'The fish come straight up for it.'],
      [4, 'Does not cloud the water, and the tub lasts months.'],
    ],
  },
  batteries: {
    products: ['energizer-aa-batteries-4-pcs'],
    say: [
      [5, 'Long lasting in the TV remote and the wall clock.'],
      [4, 'Genuine, not fake cells.'],
      [3, "Ran out sooner than expected in the kids' toy."],
    ],
  },
  ledBulb: {
    products: ['philips-led-bulb-12w'],
    say: [
      [5, 'Bright white light and saves bijli.'],
      [4, 'Works well on the UPS during load shedding.'],
      [2, 'Started flickering after a month.'],
    ],
  },
  extension: {
    products: ['4-way-extension-board-3m'],
    say: [
      [5, 'Sturdy, with a long cable. Plugs fit tightly.'],
      [4, 'Good quality sockets, handy behind the TV.'],
      [3, 'The switch feels a bit loose.'],
    ],
  },
  knives: {
    products: ['stainless-steel-kitchen-knife-set-3-pcs'],
    say: [
      [5, 'Very sharp, cuts meat and sabzi easily.'],
      [4, 'Good steel, no rust after washing.'],
      [3, 'The handles feel a bit light.'],
    ],
  },
  torch: {
    products: ['rechargeable-led-torch'],
    say: [
      [5, 'Bright light, a lifesaver during load shedding.'],
      [4, 'Charges quickly and lasts the whole night.'],
      [3, 'The battery backup dropped after a few months.'],
    ],
  },
  mouseTrap: {
    products: ['wooden-mouse-trap-2-pcs'],
    say: [
      [5, 'Caught the chooha on the first night!'],
      [4, 'Simple and it works.'],
      [3, 'The spring is a bit weak.'],
    ],
  },
  plantCare: {
    products: ['engro-zarkhez-garden-fertiliser-1kg', 'potting-soil-mix-5kg'],
    say: [
      [5, 'My gamlay on the roof look greener within two weeks.'],
      [4, 'Good quality, delivered to the door.'],
      [3, 'Fine, but a bit dry.'],
    ],
  },
  seeds: {
    products: ['tomato-seeds-packet', 'sunflower-seeds-packet'],
    say: [
      [5, 'Almost every seed sprouted.'],
      [4, 'Good for a small kitchen garden.'],
      [3, 'Only half of them came up, maybe my fault.'],
    ],
  },
  plants: {
    products: ['money-plant-in-pot', 'desi-gulab-rose-plant'],
    say: [
      [5, 'Arrived healthy and well packed.'],
      [5, 'Growing nicely on my balcony.'],
      [3, 'A few leaves were damaged in delivery.'],
    ],
  },
  gardenTools: {
    products: ['plastic-watering-can-5l', 'gardening-gloves'],
    say: [
      [5, 'Sturdy and easy to use in the garden.'],
      [4, 'Good value for the price.'],
      [3, 'A bit flimsy.'],
    ],
  },

  // Occasions & Entertaining
  mithai: {
    products: ['nirala-assorted-mithai-box-1kg', 'nirala-gulab-jamun-1kg', 'nirala-rasmalai-8-pcs', 'habshi-halwa-500g', 'gourmet-soan-papdi-400g'],
    say: [
      [5, 'Ordered for Eid, guests loved it.'],
      [5, 'Fresh and tasty, reminded me of Lahore ki purani mithai.'],
      [4, 'Good quality, delivered on time for the dawat.'],
      [3, 'Too sweet for my taste.'],
      [2, 'The box was a little damaged on arrival, though the mithai was fine.'],
    ],
  },
  dryFruit: {
    products: ['dry-fruit-gift-box-1kg', 'ajwa-dates-gift-box-1kg'],
    say: [
      [5, 'Beautiful box, a perfect gift for relatives.'],
      [4, 'Fresh and good quality.'],
      [3, 'A bit expensive, but good for gifting.'],
    ],
  },
  gifts: {
    products: ['eid-mubarak-gift-hamper', 'ferrero-rocher-gift-box-16-pcs', 'cadbury-celebrations-gift-pack-186g'],
    say: [
      [5, 'Ordered for Eid, everyone loved it.'],
      [5, 'Beautiful packing, a perfect gift.'],
      [4, 'A little expensive, but worth it.'],
      [3, 'The box was slightly dented.'],
    ],
  },
  party: {
    products: ['eid-mubarak-balloons-20-pcs', 'birthday-balloons-mixed-25-pcs', 'party-poppers-6-pcs', 'paper-party-plates-9in-20-pcs', 'disposable-party-cups-200ml-50-pcs', 'confetti-bag-100g', 'birthday-candles-24-pcs'],
    say: [
      [5, 'Made the party so colourful, the kids loved it.'],
      [4, 'Good quantity for the price, arrived in time for the party.'],
      [3, 'A few were damaged in the pack.'],
    ],
  },
  decorations: {
    products: ['led-fairy-lights-10m', 'mehndi-diya-set-12-pcs', 'scented-candles-vanilla-3-pcs'],
    say: [
      [5, "Looked lovely at my sister's mehndi."],
      [5, 'Beautiful, exactly like the picture.'],
      [3, 'Good, but smaller than I expected.'],
    ],
  },
  mehndi: {
    products: ['mehndi-henna-cones-12-pcs'],
    say: [
      [5, 'Dark colour after a few hours and a lovely smell.'],
      [4, 'Smooth flow, easy to make fine designs.'],
      [3, 'The colour came out lighter than I hoped.'],
    ],
  },
  stationery: {
    products: ['gift-wrapping-paper-3-sheets', 'eid-mubarak-greeting-card'],
    say: [
      [5, 'Pretty design and good quality paper.'],
      [4, 'Good for the price.'],
      [3, 'The paper tears easily.'],
    ],
  },

  // Clothing & Accessories
  socks: {
    products: ['cotton-ankle-socks-3-pairs', 'mens-sports-socks-3-pairs'],
    say: [
      [5, 'Soft cotton and a good fit.'],
      [4, 'Good value pack of three.'],
      [3, 'The elastic got loose after a few washes.'],
    ],
  },
  cap: {
    products: ['baseball-cap-navy'],
    say: [
      [5, 'Good fit with an adjustable strap.'],
      [4, 'Nice colour and neat stitching.'],
      [3, 'The colour faded in the sun.'],
    ],
  },
  umbrella: {
    products: ['folding-umbrella-black', 'large-golf-umbrella'],
    say: [
      [5, 'Strong in the monsoon wind, did not flip.'],
      [4, 'Opens smoothly and closes neatly.'],
      [3, 'The handle feels a little cheap.'],
    ],
  },
  raincoat: {
    products: ['hooded-rain-coat'],
    say: [
      [5, 'Kept me dry on the bike in heavy rain.'],
      [4, 'Good for the monsoon.'],
      [3, 'The hood is a bit small.'],
    ],
  },
  easternWear: {
    products: ['mens-cotton-shalwar-kameez-white', 'womens-lawn-suit-3-piece-unstitched', 'chiffon-dupatta', 'printed-cotton-dupatta'],
    say: [
      [5, 'Good fabric and stitching for the price.'],
      [5, 'Soft fabric, comfortable in the heat.'],
      [4, 'The colour is slightly darker than shown.'],
      [2, 'The colour ran a little in the first wash.'],
    ],
  },
  footwear: {
    products: ['mens-peshawari-chappal', 'bata-bathroom-slippers', 'bata-comfit-ladies-sandals'],
    say: [
      [5, 'Comfortable from day one.'],
      [4, 'The size was accurate.'],
      [3, 'Good quality, but it runs small, order one size up.'],
    ],
  },
  bags: {
    products: ['reusable-jute-shopping-bag', 'canvas-tote-bag'],
    say: [
      [5, 'Strong and roomy, I take it to the market every week.'],
      [4, 'Nice stitching, looks good.'],
      [3, 'The handles are a bit short.'],
    ],
  },
  basics: {
    products: ['mens-cotton-vest-2-pcs', 'plain-crew-neck-t-shirt'],
    say: [
      [5, 'Soft cotton, comfortable all day.'],
      [4, 'The size was accurate.'],
      [3, 'Shrank a little after washing.'],
    ],
  },
  winterWear: {
    products: ['winter-wool-shawl', 'knitted-winter-muffler-gloves-set', 'woollen-gloves'],
    say: [
      [5, 'Warm and soft, perfect for our Murree trip.'],
      [4, 'Good quality wool for the price.'],
      [3, 'A bit itchy.'],
    ],
  },
  accessories: {
    products: ['uv400-sunglasses', 'mens-leather-wallet', 'digital-sports-wrist-watch'],
    say: [
      [5, 'Looks good and very useful, bought one more for my father.'],
      [4, 'Good quality for the price.'],
      [3, 'Smaller than I expected.'],
    ],
  },
};
