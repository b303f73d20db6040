import type { RecipeSeed } from "./types.server";

const instagram = "https://www.instagram.com/troiagrove/";

/** Demo recipes for the shop, oldest first; each has an illustration under images/recipes. */
export const demoRecipes: RecipeSeed[] = [
  {
    slug: "olive-oil-fried-eggs-with-sumac",
    title: "Olive Oil Fried Eggs with Sumac",
    introduction:
      "Eggs fried in a generous pool of olive oil get lacy, crackling edges and soft, " +
      "golden yolks, the way breakfast is made all along the Aegean. Premium takes the heat " +
      "of the pan, and a pinch of tart sumac with a last thread of Private Reserve turns a " +
      "five-minute meal into something you will want every morning.",
    imageName: "olive-oil-fried-eggs-with-sumac.svg",
    ease: 1,
    goodFor: 1,
    ingredients: [
      "3 tablespoons Premium extra virgin olive oil",
      "4 large eggs",
      "1/4 teaspoon flaky sea salt",
      "1 teaspoon ground sumac",
      "1/2 teaspoon Aleppo pepper (pul biber)",
      "2 tablespoons chopped fresh parsley or dill",
      "2 teaspoons Private Reserve extra virgin olive oil, for finishing",
      "Warm flatbread or toasted sourdough, for serving",
    ],
    directions: [
      "Set a 10-inch cast-iron or nonstick skillet over medium heat and add the Premium olive " +
        "oil. Heat until the oil shimmers and a drop of water sizzles on contact, about 2 minutes.",
      "Crack the eggs one at a time into a small bowl, then slide each gently into the hot oil, " +
        "keeping them a little apart.",
      "Cook for 2 to 3 minutes, tilting the pan now and then and spooning hot oil over the " +
        "whites, until they are set and the edges are golden and crisp. Leave the yolks runny, " +
        "or cook 1 minute longer if you like them jammy.",
      "Lift the eggs onto warm plates with a slotted spatula, leaving most of the oil behind.",
      "Sprinkle with the flaky salt, sumac, Aleppo pepper, and herbs.",
      "Finish each plate with a thin drizzle of Private Reserve and serve right away, with " +
        "warm bread for mopping up the yolks.",
    ],
    oliveOils: ["premium", "privateReserve"],
    otherTags: ["Vegetarian", "Quick", "Aegean"],
    instagramLink: instagram,
    createdAt: "2025-03-04T12:00:00.000Z",
  },
  {
    slug: "white-bean-and-rosemary-dip",
    title: "White Bean and Rosemary Dip",
    introduction:
      "This creamy dip takes five minutes in the food processor, and the olive oil does " +
      "double duty: Luxe is blended in for silkiness and warmed with rosemary to spoon over " +
      "the top. A final pour of Private Reserve, never heated, brings its green, peppery " +
      "aroma straight to the table.",
    imageName: "white-bean-and-rosemary-dip.svg",
    ease: 1,
    goodFor: 4,
    ingredients: [
      "2 cans (15 ounces each) cannellini beans, drained and rinsed",
      "1 small garlic clove, finely grated",
      "3 tablespoons fresh lemon juice (from 1 large lemon)",
      "3/4 teaspoon kosher salt",
      "6 tablespoons Luxe extra virgin olive oil, divided",
      "2 to 4 tablespoons cold water",
      "2 sprigs fresh rosemary",
      "1/4 teaspoon red pepper flakes",
      "1 tablespoon Private Reserve extra virgin olive oil, for finishing",
      "Flaky sea salt, for finishing",
      "Crackers, pita chips, or raw vegetables, for serving",
    ],
    directions: [
      "In a food processor, combine the beans, garlic, lemon juice, kosher salt, and 4 " +
        "tablespoons of the Luxe olive oil. Process for 1 minute.",
      "Scrape down the bowl, then add the cold water 1 tablespoon at a time, processing for " +
        "1 to 2 minutes more until the dip is very smooth and fluffy. Taste and adjust the salt " +
        "and lemon.",
      "Strip the rosemary leaves from the stems and chop them finely. Warm the remaining 2 " +
        "tablespoons Luxe in a small skillet over low heat with the rosemary and pepper flakes " +
        "for 2 to 3 minutes, until gently sizzling and fragrant but not browned. Let cool for 5 " +
        "minutes.",
      "Spread the dip in a shallow bowl and make a deep swirl with the back of a spoon.",
      "Spoon the rosemary oil into the swirl, finish with the Private Reserve and a pinch of " +
        "flaky salt, and serve with crackers, pita chips, or vegetables.",
      "The dip keeps, covered and refrigerated, for up to 4 days; let it come to room " +
        "temperature and add the finishing oils just before serving.",
    ],
    oliveOils: ["luxe", "privateReserve"],
    otherTags: ["Vegan", "Gluten-free", "Make-ahead"],
    createdAt: "2025-04-15T12:00:00.000Z",
  },
  {
    slug: "zeytinyagli-green-beans",
    title: "Zeytinyağlı Green Beans",
    introduction:
      "Zeytinyağlı means “with olive oil” and names a whole family of Turkish " +
      "vegetable dishes, gently braised in oil and tomato and served at room temperature. " +
      "The oil melts into the tomatoes to make a glossy sauce, so a good one matters, and the " +
      "beans taste even better the next day.",
    imageName: "zeytinyagli-green-beans.svg",
    ease: 2,
    goodFor: 5,
    ingredients: [
      "1/2 cup Premium extra virgin olive oil",
      "1 medium yellow onion, halved and thinly sliced",
      "2 garlic cloves, thinly sliced",
      "1 1/2 pounds flat Romano beans or green beans, trimmed and cut into 2-inch pieces",
      "1 tablespoon tomato paste",
      "2 medium ripe tomatoes, grated on a box grater, skins discarded",
      "1 teaspoon sugar",
      "1 1/4 teaspoons kosher salt",
      "1/2 cup hot water",
      "1 tablespoon fresh lemon juice",
      "2 tablespoons chopped fresh dill",
      "1 tablespoon Private Reserve extra virgin olive oil, for finishing",
    ],
    directions: [
      "Heat the Premium olive oil in a wide, heavy pot over medium-low heat. Add the onion and " +
        "cook, stirring occasionally, until soft and translucent but not browned, 8 to 10 " +
        "minutes. Add the garlic and cook 1 minute more.",
      "Stir in the tomato paste and cook for 1 minute, then add the beans and turn them in the " +
        "oil for 2 minutes.",
      "Add the grated tomatoes, sugar, salt, and hot water. Bring to a simmer, cover, and turn " +
        "the heat to low.",
      "Braise gently for 40 to 50 minutes, shaking the pot now and then rather than stirring, " +
        "until the beans are very tender and the liquid has cooked down to a thick, glossy " +
        "sauce. Add a splash of water if the pot looks dry.",
      "Take the pot off the heat, stir in the lemon juice, and let the beans cool in the pot " +
        "to room temperature, at least 1 hour.",
      "Serve at room temperature, scattered with dill and finished with a drizzle of Private " +
        "Reserve. Covered, the beans keep in the refrigerator for up to 4 days.",
    ],
    oliveOils: ["premium", "privateReserve"],
    otherTags: ["Vegan", "Gluten-free", "Make-ahead", "Aegean"],
    createdAt: "2025-06-03T12:00:00.000Z",
  },
  {
    slug: "summer-tomato-bread",
    title: "Summer Tomato Bread",
    introduction:
      "When tomatoes are at their peak, this is the easiest snack there is: grilled bread " +
      "rubbed with garlic, topped with grated tomato, salt, and a generous pour of your best " +
      "oil. With so few ingredients, the Private Reserve's grassy, peppery flavor is the star.",
    imageName: "summer-tomato-bread.svg",
    ease: 1,
    goodFor: 4,
    ingredients: [
      "4 thick slices rustic country bread or ciabatta",
      "2 tablespoons Premium extra virgin olive oil",
      "2 large very ripe tomatoes (about 1 pound)",
      "1 garlic clove, halved",
      "1/2 teaspoon flaky sea salt, divided",
      "3 tablespoons Private Reserve extra virgin olive oil",
      "Freshly ground black pepper",
      "A few fresh oregano or basil leaves (optional)",
    ],
    directions: [
      "Heat a grill pan or outdoor grill to medium-high, or set the broiler rack 4 inches " +
        "below the heat. Brush both sides of the bread lightly with the Premium olive oil.",
      "Grill or broil the bread for 1 1/2 to 2 minutes per side, until golden with a few " +
        "charred spots; watch it closely.",
      "Meanwhile, halve the tomatoes crosswise and grate the cut sides on the large holes of a " +
        "box grater set over a bowl, pressing until only the skin is left. Discard the skins " +
        "and season the pulp with a pinch of the salt.",
      "While the toast is still warm, rub one side of each slice with the cut garlic; the " +
        "rough surface works like a grater.",
      "Spoon the tomato pulp over the toast, spreading it to the edges so the bread drinks up " +
        "the juices.",
      "Drizzle each slice generously with Private Reserve, sprinkle with the remaining salt " +
        "and some pepper, add the herbs if using, and eat right away.",
    ],
    oliveOils: ["premium", "privateReserve"],
    otherTags: ["Vegan", "Quick", "Summer"],
    createdAt: "2025-07-18T12:00:00.000Z",
  },
  {
    slug: "grilled-sea-bream-with-ladolemono",
    title: "Grilled Sea Bream with Ladolemono",
    introduction:
      "All around the Aegean, a whole fish off the grill is dressed with nothing more than " +
      "ladolemono, the Greek whisk of olive oil and lemon. Because the sauce is raw, the oil " +
      "is everything: Private Reserve gives it a peppery, grassy lift that suits the sweet, " +
      "smoky fish.",
    imageName: "grilled-sea-bream-with-ladolemono.svg",
    ease: 3,
    goodFor: 3,
    ingredients: [
      "2 whole sea bream or branzino (about 1 1/4 pounds each), scaled and gutted",
      "2 tablespoons Premium extra virgin olive oil, plus more for the grates",
      "1 1/2 teaspoons kosher salt",
      "1 lemon, thinly sliced",
      "4 sprigs fresh thyme or oregano",
      "1/3 cup Private Reserve extra virgin olive oil",
      "3 tablespoons fresh lemon juice",
      "1 teaspoon dried Greek oregano",
      "1/4 teaspoon flaky sea salt",
      "Freshly ground black pepper",
      "2 tablespoons chopped fresh parsley",
    ],
    directions: [
      "Prepare a grill for medium-high direct heat, about 425°F to 450°F. Scrub " +
        "the grates clean, then wipe them with a folded paper towel dipped in Premium olive oil.",
      "Pat the fish very dry inside and out and cut 3 shallow diagonal slashes on each side. " +
        "Rub all over with the 2 tablespoons Premium, season inside and out with the kosher " +
        "salt, and tuck the lemon slices and herb sprigs into the cavities.",
      "Make the ladolemono: put the Private Reserve, lemon juice, dried oregano, flaky salt, " +
        "and a few grinds of pepper in a jar and shake hard for 30 seconds, until thick and " +
        "cloudy.",
      "Lay the fish on the grill and leave it alone for 6 to 8 minutes, until the skin is " +
        "charred in spots and releases easily.",
      "Turn the fish carefully with two spatulas and grill 6 to 8 minutes more, until the " +
        "flesh at the bone is opaque and flakes easily, about 140°F on an instant-read " +
        "thermometer.",
      "Move the fish to a platter and let it rest for 3 minutes.",
      "Shake the ladolemono again, stir in the parsley, and spoon some over the fish. Serve " +
        "the rest on the side, with grilled bread or boiled greens.",
    ],
    oliveOils: ["premium", "privateReserve"],
    otherTags: ["Seafood", "Gluten-free", "Aegean"],
    instagramLink: instagram,
    createdAt: "2025-08-27T12:00:00.000Z",
  },
  {
    slug: "imam-bayildi-stuffed-eggplant",
    title: "Imam Bayıldı Stuffed Eggplant",
    introduction:
      "The name means “the imam fainted,” whether from delight or from the amount " +
      "of olive oil, depending on who tells the story. Eggplants are fried until silky, " +
      "filled with slow-cooked onions and tomatoes, baked, and served at room temperature, " +
      "so every step leans on good oil.",
    imageName: "imam-bayildi-stuffed-eggplant.svg",
    ease: 4,
    goodFor: 2,
    ingredients: [
      "4 small Italian eggplants (about 6 ounces each)",
      "2 teaspoons kosher salt, divided, plus more for salting the eggplants",
      "2/3 cup Premium extra virgin olive oil, divided",
      "2 medium yellow onions, halved and thinly sliced",
      "5 garlic cloves, thinly sliced",
      "2 long green peppers (Turkish sivri or Anaheim), thinly sliced",
      "3 medium ripe tomatoes, 2 diced and 1 thinly sliced",
      "1 tablespoon tomato paste",
      "1 teaspoon sugar",
      "1/2 cup chopped fresh flat-leaf parsley, divided",
      "3/4 cup hot water",
      "2 tablespoons Private Reserve extra virgin olive oil, for finishing",
    ],
    directions: [
      "Peel the eggplants lengthwise in alternating stripes, leaving the stems on. Salt them " +
        "generously, let them sit in a colander for 30 minutes, then rinse and pat very dry.",
      "Heat 1/3 cup of the Premium olive oil in a large skillet over medium-high heat until " +
        "shimmering, about 350°F. Fry the eggplants, turning often, until golden on all " +
        "sides and softened, 10 to 12 minutes. Drain on a paper towel-lined plate.",
      "Lower the heat to medium-low and add the remaining 1/3 cup Premium, the onions, and 1 " +
        "teaspoon of the salt. Cook, stirring often, until very soft and sweet, 15 to 20 " +
        "minutes, then add the garlic and peppers and cook 5 minutes more.",
      "Stir in the tomato paste, diced tomatoes, sugar, and remaining 1 teaspoon salt. " +
        "Simmer for 8 to 10 minutes, until thick and jammy, then stir in most of the parsley.",
      "Heat the oven to 350°F. Set the eggplants side by side in a baking dish that just " +
        "holds them, and press a deep lengthwise pocket into each with a spoon, without " +
        "cutting through the ends or bottom.",
      "Pack the filling into the pockets, mounding it generously, and top with the tomato " +
        "slices. Pour the hot water around the eggplants, cover with foil, and bake for 40 " +
        "minutes.",
      "Uncover and bake 10 to 15 minutes more, until the eggplants are collapsing and " +
        "tender. Let cool in the dish for at least 1 hour, basting once or twice with the " +
        "juices.",
      "Serve at room temperature with the remaining parsley and a drizzle of Private Reserve, " +
        "with bread or thick yogurt alongside.",
    ],
    oliveOils: ["premium", "privateReserve"],
    otherTags: ["Vegan", "Gluten-free", "Make-ahead", "Aegean"],
    createdAt: "2025-09-23T12:00:00.000Z",
  },
  {
    slug: "olive-oil-maple-granola",
    title: "Olive Oil Maple Granola",
    introduction:
      "Trading butter for extra virgin olive oil gives granola big golden clusters and a " +
      "faintly fruity, savory edge that plays beautifully with maple and sea salt. Premium " +
      "holds up to the long, gentle bake and still tastes of olives at the end.",
    imageName: "olive-oil-maple-granola.svg",
    ease: 2,
    goodFor: 1,
    ingredients: [
      "3 cups old-fashioned rolled oats",
      "1 cup raw pecans or walnuts, roughly chopped",
      "1/2 cup raw pumpkin seeds",
      "1/2 cup unsweetened coconut flakes",
      "1/4 cup packed light brown sugar",
      "1 teaspoon ground cinnamon",
      "1 teaspoon flaky sea salt",
      "1/2 cup Premium extra virgin olive oil",
      "1/2 cup pure maple syrup",
      "1 large egg white (optional, for bigger clusters)",
      "3/4 cup dried sour cherries or chopped dried apricots",
    ],
    directions: [
      "Heat the oven to 300°F and line a rimmed baking sheet with parchment paper.",
      "In a large bowl, combine the oats, nuts, pumpkin seeds, coconut, brown sugar, " +
        "cinnamon, and salt.",
      "Whisk the Premium olive oil and maple syrup together, pour over the oat mixture, and " +
        "stir until every oat glistens. If using the egg white, whisk it until frothy and fold " +
        "it in.",
      "Spread the mixture on the baking sheet in an even layer about 1/2 inch thick and press " +
        "it down firmly with a spatula.",
      "Bake for 40 to 45 minutes, rotating the pan halfway through but not stirring, until " +
        "deep golden and fragrant.",
      "Let the granola cool completely on the pan without touching it, at least 45 minutes; " +
        "it crisps as it cools.",
      "Break it into clusters and toss with the dried fruit. Stored airtight, it keeps for up " +
        "to 3 weeks; serve with yogurt or cold milk.",
    ],
    oliveOils: ["premium"],
    otherTags: ["Vegetarian", "Dairy-free", "Make-ahead"],
    createdAt: "2025-10-21T12:00:00.000Z",
  },
  {
    slug: "red-lentil-soup-with-mint-chili-oil",
    title: "Red Lentil Soup with Mint Chili Oil",
    introduction:
      "Mercimek çorbası simmers in nearly every Turkish kitchen: red lentils " +
      "cooked until they collapse, blended smooth, and brightened with lemon. The finishing " +
      "touch is a sizzling spoonful of olive oil with dried mint and pul biber, plus a raw " +
      "thread of Private Reserve just before serving.",
    imageName: "red-lentil-soup-with-mint-chili-oil.svg",
    ease: 2,
    goodFor: 2,
    ingredients: [
      "6 tablespoons Premium extra virgin olive oil, divided",
      "1 large yellow onion, chopped",
      "1 medium carrot, peeled and chopped",
      "2 garlic cloves, chopped",
      "1 tablespoon tomato paste or Turkish pepper paste",
      "1 teaspoon ground cumin",
      "1 1/2 cups red lentils, rinsed until the water runs clear",
      "7 cups vegetable broth or water",
      "1 1/2 teaspoons kosher salt, plus more to taste",
      "2 teaspoons dried mint",
      "1 teaspoon Aleppo pepper (pul biber)",
      "2 tablespoons Private Reserve extra virgin olive oil, for finishing",
      "1 lemon, cut into wedges",
    ],
    directions: [
      "Heat 3 tablespoons of the Premium olive oil in a large pot over medium heat. Add the " +
        "onion and carrot and cook, stirring, until soft and lightly golden, 8 to 10 minutes.",
      "Add the garlic, tomato paste, and cumin and cook for 1 minute, until fragrant.",
      "Add the lentils, broth, and salt. Bring to a boil, then lower to a gentle simmer, " +
        "partly cover, and cook for 25 to 30 minutes, stirring now and then, until the lentils " +
        "and carrot are completely soft.",
      "Blend until very smooth with an immersion blender, or in batches in a countertop " +
        "blender with the lid vented. Thin with hot water if needed and season to taste.",
      "Just before serving, heat the remaining 3 tablespoons Premium in a small skillet over " +
        "medium heat until hot but not smoking. Take it off the heat and stir in the mint and " +
        "Aleppo pepper; it will foam and turn brick red within seconds.",
      "Ladle the soup into bowls, spoon over the mint chili oil, add a thin drizzle of Private " +
        "Reserve, and serve with lemon wedges for squeezing.",
    ],
    oliveOils: ["premium", "privateReserve"],
    otherTags: ["Vegan", "Gluten-free", "Make-ahead"],
    instagramLink: instagram,
    createdAt: "2025-12-02T12:00:00.000Z",
  },
  {
    slug: "olive-oil-orange-cake",
    title: "Olive Oil Orange Cake",
    introduction:
      "This is the cake we bake when the winter oranges arrive: a tender, moist crumb " +
      "perfumed with orange zest and a full cup of olive oil. Luxe gives it a soft, fruity " +
      "roundness that butter can't match, and the cake stays moist for days.",
    imageName: "olive-oil-orange-cake.svg",
    ease: 3,
    goodFor: 4,
    ingredients: [
      "2 medium navel oranges",
      "1 1/4 cups granulated sugar",
      "3 large eggs, at room temperature",
      "1 cup Luxe extra virgin olive oil, plus more for the pan",
      "1/2 cup whole-milk plain yogurt",
      "1 teaspoon vanilla extract",
      "2 cups all-purpose flour",
      "2 teaspoons baking powder",
      "1/4 teaspoon baking soda",
      "3/4 teaspoon kosher salt",
      "1 cup powdered sugar",
      "Flaky sea salt, for sprinkling",
    ],
    directions: [
      "Heat the oven to 350°F. Brush a 9-inch springform pan with olive oil and line the " +
        "bottom with a round of parchment paper.",
      "Finely zest both oranges into a large bowl, then squeeze them: you need 1/3 cup juice " +
        "for the batter and 2 tablespoons for the glaze. Add the granulated sugar to the zest " +
        "and rub them together with your fingertips until fragrant and damp, about 1 minute.",
      "Whisk the eggs into the orange sugar until pale and slightly thickened, about 1 " +
        "minute. Slowly whisk in the Luxe olive oil in a thin stream, then the yogurt, the 1/3 " +
        "cup orange juice, and the vanilla.",
      "In another bowl, whisk together the flour, baking powder, baking soda, and kosher " +
        "salt. Fold the dry ingredients into the wet with a spatula just until no dry streaks " +
        "remain.",
      "Pour the batter into the pan and bake for 45 to 55 minutes, until the top is deep " +
        "golden and a toothpick in the center comes out with a few moist crumbs.",
      "Cool in the pan for 15 minutes, run a knife around the edge, release the sides, and " +
        "let the cake cool completely on a rack, about 1 hour.",
      "Whisk the powdered sugar with the 2 tablespoons orange juice until smooth and " +
        "pourable. Spoon it over the cake, let it drip down the sides, and sprinkle with a few " +
        "flakes of sea salt. Covered, the cake keeps at room temperature for 3 days.",
    ],
    oliveOils: ["luxe"],
    otherTags: ["Vegetarian", "Make-ahead", "Baking"],
    instagramLink: instagram,
    createdAt: "2026-01-13T12:00:00.000Z",
  },
  {
    slug: "menemen-with-peppers-and-tomatoes",
    title: "Menemen with Peppers and Tomatoes",
    introduction:
      "Menemen, named for a town near İzmir, is Turkey's beloved breakfast skillet: " +
      "green peppers and ripe tomatoes cooked down in olive oil, then eggs stirred in until " +
      "just softly set. It is eaten straight from the pan with torn bread, so the oil that " +
      "pools at the edges is half the pleasure.",
    imageName: "menemen-with-peppers-and-tomatoes.svg",
    ease: 2,
    goodFor: 1,
    ingredients: [
      "3 tablespoons Premium extra virgin olive oil",
      "3 long green peppers (Turkish sivri, Anaheim, or Cubanelle), thinly sliced",
      "1 small yellow onion, finely chopped (optional)",
      "3 medium ripe tomatoes (about 1 pound), grated or finely chopped",
      "3/4 teaspoon kosher salt",
      "1 teaspoon Aleppo pepper (pul biber), plus more for serving",
      "5 large eggs",
      "1/4 cup crumbled feta (optional)",
      "1 tablespoon Luxe extra virgin olive oil, for finishing",
      "Crusty bread, for serving",
    ],
    directions: [
      "Heat the Premium olive oil in a 10-inch skillet over medium heat. Add the peppers, and " +
        "the onion if using, and cook, stirring, until soft and browned in spots, about 6 " +
        "minutes.",
      "Add the tomatoes, salt, and Aleppo pepper. Simmer, stirring occasionally, until most " +
        "of the liquid has cooked off and the mixture is thick and glossy, 8 to 10 minutes.",
      "Lower the heat to medium-low, crack the eggs straight into the pan, and leave them for " +
        "30 seconds.",
      "Stir gently with a wooden spoon in large, lazy folds, breaking the yolks and swirling " +
        "them through the tomatoes. Cook for 2 to 3 minutes, until the eggs are just set but " +
        "still soft and creamy; they keep cooking off the heat.",
      "Scatter with the feta if using, drizzle with the Luxe, add a pinch more pul biber, and " +
        "bring the skillet to the table with plenty of bread.",
    ],
    oliveOils: ["premium", "luxe"],
    otherTags: ["Vegetarian", "One-pan", "Aegean"],
    createdAt: "2026-02-24T12:00:00.000Z",
  },
  {
    slug: "everyday-lemon-dijon-vinaigrette",
    title: "Everyday Lemon-Dijon Vinaigrette",
    introduction:
      "A jar of homemade vinaigrette in the fridge makes a weeknight salad almost automatic. " +
      "The oil is never heated, so you taste it plainly, and Luxe makes a smooth, fruity " +
      "dressing that flatters tender greens without overwhelming them.",
    imageName: "everyday-lemon-dijon-vinaigrette.svg",
    ease: 1,
    goodFor: 5,
    ingredients: [
      "1 small shallot, minced (about 2 tablespoons)",
      "1/4 cup fresh lemon juice (from 2 lemons)",
      "1 tablespoon white wine vinegar",
      "1/2 teaspoon kosher salt",
      "1 tablespoon Dijon mustard",
      "1 teaspoon honey or maple syrup",
      "1 teaspoon finely grated lemon zest",
      "1/4 teaspoon freshly ground black pepper",
      "2/3 cup Luxe extra virgin olive oil",
    ],
    directions: [
      "In a jar with a tight-fitting lid, combine the shallot, lemon juice, vinegar, and salt. " +
        "Let stand for 10 minutes to soften the shallot's bite.",
      "Add the mustard, honey, lemon zest, and pepper and stir until the mustard dissolves.",
      "Pour in the Luxe olive oil, close the lid, and shake hard for 20 to 30 seconds, until " +
        "thick and emulsified.",
      "Taste by dipping in a lettuce leaf, and adjust with more salt, honey, or lemon.",
      "Use about 2 tablespoons for every 4 cups of greens. Refrigerated, the dressing keeps " +
        "for up to 1 week; olive oil firms up when cold, so let the jar sit out for 15 to 20 " +
        "minutes and shake again before using.",
    ],
    oliveOils: ["luxe"],
    otherTags: ["Vegetarian", "Gluten-free", "Make-ahead"],
    createdAt: "2026-04-08T12:00:00.000Z",
  },
  {
    slug: "lemon-oregano-chicken-with-potatoes",
    title: "Lemon-Oregano Chicken with Potatoes",
    introduction:
      "Greek-style lemon chicken made for a weeknight: bone-in thighs and potato wedges roast " +
      "together on one pan, basting each other in olive oil, lemon, and garlic. The potatoes " +
      "soak up the juices and come out crisp at the edges and creamy inside.",
    imageName: "lemon-oregano-chicken-with-potatoes.svg",
    ease: 2,
    goodFor: 3,
    ingredients: [
      "8 bone-in, skin-on chicken thighs (about 3 pounds)",
      "2 pounds Yukon Gold potatoes, cut into 1 1/2-inch wedges",
      "1/3 cup Premium extra virgin olive oil",
      "1/3 cup fresh lemon juice (from 2 to 3 lemons)",
      "6 garlic cloves, smashed",
      "1 tablespoon dried Greek oregano",
      "2 1/2 teaspoons kosher salt",
      "1/2 teaspoon freshly ground black pepper",
      "1/4 cup chicken broth",
      "2 tablespoons Luxe extra virgin olive oil, for finishing",
      "2 tablespoons chopped fresh parsley",
      "1 lemon, cut into wedges",
    ],
    directions: [
      "Heat the oven to 425°F with a rack in the upper-middle position.",
      "In a large bowl, whisk together the Premium olive oil, lemon juice, garlic, oregano, " +
        "salt, and pepper. Add the chicken and potatoes and toss well to coat. You can " +
        "refrigerate the chicken in the marinade for up to 8 hours.",
      "Spread the potatoes on a large rimmed baking sheet and nestle the chicken among them, " +
        "skin side up. Pour any marinade left in the bowl over the potatoes, then pour the " +
        "broth around them.",
      "Roast for 45 to 50 minutes, turning the potatoes once halfway through, until the skin " +
        "is deep golden and crisp, the potatoes are tender, and the thickest thigh reads at " +
        "least 175°F on an instant-read thermometer.",
      "If the skin needs more color, broil for 2 to 3 minutes, watching closely.",
      "Let rest for 5 minutes, then drizzle with the Luxe, scatter with parsley, and serve " +
        "with lemon wedges and the pan juices spooned over.",
    ],
    oliveOils: ["premium", "luxe"],
    otherTags: ["Gluten-free", "Dairy-free", "One-pan"],
    createdAt: "2026-05-19T12:00:00.000Z",
  },
  {
    slug: "overnight-rosemary-focaccia",
    title: "Overnight Rosemary Focaccia",
    introduction:
      "Good focaccia is practically fried in olive oil: a generous pool in the pan gives it a " +
      "crackling golden base, and more gathers in the dimples on top. A slow overnight rise " +
      "in the fridge does most of the work, for a bubbly, open crumb with almost no kneading.",
    imageName: "overnight-rosemary-focaccia.svg",
    ease: 3,
    goodFor: 5,
    ingredients: [
      "4 cups (500 grams) bread flour",
      "1 3/4 teaspoons fine sea salt",
      "1 1/4 teaspoons instant yeast",
      "1 3/4 cups (400 grams) lukewarm water, about 95°F",
      "6 tablespoons Premium extra virgin olive oil, divided",
      "2 sprigs fresh rosemary, leaves picked",
      "1 teaspoon flaky sea salt",
      "2 tablespoons Luxe extra virgin olive oil, for finishing",
    ],
    directions: [
      "In a large bowl, whisk the flour, fine salt, and yeast. Add the water and stir with a " +
        "spatula until a shaggy, sticky dough forms with no dry flour left, about 1 minute.",
      "Pour 1 tablespoon of the Premium olive oil into a large lidded container, add the " +
        "dough, and turn to coat. Cover and let rest for 30 minutes at room temperature.",
      "With wet hands, stretch one edge of the dough up and fold it over the center, then " +
        "turn the container and repeat on all four sides. Do 2 more sets of folds 30 minutes " +
        "apart, then cover and refrigerate for 12 to 24 hours, until roughly doubled.",
      "Spread 3 tablespoons Premium over the bottom and sides of a 9-by-13-inch metal baking " +
        "pan. Turn the cold dough into the pan, fold it into a rough rectangle, and flip it to " +
        "coat with oil.",
      "Cover and let rise at warm room temperature until puffy and bubbly, 2 to 4 hours, " +
        "gently stretching it toward the corners after the first hour.",
      "At least 30 minutes before baking, heat the oven to 450°F with a rack in the lower " +
        "third.",
      "Drizzle the remaining 2 tablespoons Premium over the dough. Oil your fingertips and " +
        "press straight down to make deep dimples all over, then scatter with the rosemary and " +
        "flaky salt.",
      "Bake for 22 to 28 minutes, until deep golden on top and crisp underneath; lift a " +
        "corner with a spatula to check.",
      "Brush the hot focaccia with the Luxe, cool in the pan for 5 minutes, then move it to a " +
        "rack. It is best the same day; rewarm leftovers in a 350°F oven for 5 minutes.",
    ],
    oliveOils: ["premium", "luxe"],
    otherTags: ["Vegan", "Make-ahead", "Baking"],
    createdAt: "2026-07-07T12:00:00.000Z",
  },
  {
    slug: "roasted-fall-vegetables-with-thyme",
    title: "Roasted Fall Vegetables with Thyme",
    introduction:
      "A hot oven, a single layer, and plenty of olive oil are the whole secret to vegetables " +
      "with caramelized, crisp edges and tender middles. Premium handles the high heat, and a " +
      "splash of vinegar with a fresh pour of Luxe at the end wakes everything up.",
    imageName: "roasted-fall-vegetables-with-thyme.svg",
    ease: 1,
    goodFor: 5,
    ingredients: [
      "1 1/2 pounds butternut squash, peeled, seeded, and cut into 1-inch cubes",
      "1 pound Brussels sprouts, trimmed and halved",
      "3 medium carrots, peeled and cut on the diagonal into 1 1/2-inch pieces",
      "1 medium red onion, cut into 8 wedges through the root",
      "1/4 cup Premium extra virgin olive oil",
      "1 1/2 teaspoons kosher salt",
      "1/2 teaspoon freshly ground black pepper",
      "6 sprigs fresh thyme",
      "1 tablespoon sherry vinegar or apple cider vinegar",
      "2 tablespoons Luxe extra virgin olive oil, for finishing",
      "2 tablespoons chopped fresh parsley",
    ],
    directions: [
      "Set oven racks in the upper and lower thirds and heat the oven to 425°F.",
      "In a large bowl, toss the squash, Brussels sprouts, carrots, and onion with the " +
        "Premium olive oil, salt, and pepper until every piece is glossy.",
      "Divide between two rimmed baking sheets in a single layer, Brussels sprouts cut side " +
        "down, leaving space between pieces so they roast rather than steam. Tuck the thyme " +
        "sprigs in among them.",
      "Roast for 20 minutes, then flip the vegetables with a spatula, swap the pans between " +
        "racks, and roast 15 to 20 minutes more, until tender and deeply browned at the edges.",
      "Pile onto a platter, pull out the thyme stems, and toss gently with the vinegar and " +
        "the Luxe. Taste for salt, scatter with parsley, and serve warm or at room temperature.",
    ],
    oliveOils: ["premium", "luxe"],
    otherTags: ["Vegan", "Gluten-free", "Weeknight"],
    createdAt: "2026-10-06T12:00:00.000Z",
  },
];
