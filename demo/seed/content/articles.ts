/**
 * Blog posts and info articles. Info articles keep the old site's ids (legacyId): the storefront
 * links /Articles.asp?ID=257 (shipping details) and ID=355 (expert assistance).
 */
export interface ArticleSeed {
  handle: string;
  title: string;
  kind: "blog" | "info";
  legacyId?: number;
  author: string;
  /** ISO date. */
  date: string;
  excerpt: string;
  /** Intro paragraph, then [heading, paragraphs] sections; rendered to HTML by the seeder. */
  intro: string;
  sections: readonly (readonly [string, readonly string[]])[];
  imageKind?: string;
}

export function articleHtml(article: ArticleSeed): string {
  const out = [`<p>${article.intro}</p>`];
  for (const [heading, paragraphs] of article.sections) {
    out.push(`<h2>${heading}</h2>`);
    for (const p of paragraphs) {
      out.push(
        p.startsWith("- ")
          ? `<ul>${p
              .split("\n")
              .map((li) => `<li>${li.replace(/^- /, "")}</li>`)
              .join("")}</ul>`
          : `<p>${p}</p>`,
      );
    }
  }
  return out.join("\n");
}

export const articles: readonly ArticleSeed[] = [
  {
    handle: "shipping-details",
    title: "Shipping Details",
    kind: "info",
    legacyId: 257,
    author: "Customer Care",
    date: "2019-03-04",
    excerpt:
      "Free shipping over $99 to the lower 48 states, same-day dispatch on most orders, and how we ship heavy items.",
    intro:
      "Most orders placed before 2 PM Pacific on a business day leave our warehouse the same day. Here is how shipping works.",
    sections: [
      [
        "Free shipping",
        [
          "Orders over $99 ship free by ground to addresses in the contiguous United States (the lower 48). Large or oddly shaped items such as heaters, heat pumps and some filters are quoted separately and marked on the product page.",
          "Orders under $99 ship at a flat rate based on the order subtotal and weight, shown in the cart before you pay.",
        ],
      ],
      [
        "Delivery times",
        [
          "- Ground: 2-5 business days\n- 2-Day Air: 2 business days\n- Overnight: next business day when ordered before 12 PM Pacific",
          "Items that show 'Out of Stock' but can still be ordered are backordered: we ship them as soon as they arrive from the manufacturer, usually within 5-10 business days, and e-mail you a tracking number.",
        ],
      ],
      [
        "Alaska, Hawaii, Puerto Rico and international",
        [
          "We ship to Alaska, Hawaii, Puerto Rico, APO/FPO addresses and Canada at cost. Chemicals and some batteries cannot ship by air. Duties and taxes for international orders are paid by the recipient.",
        ],
      ],
      [
        "Freight deliveries",
        [
          "Heaters and heat pumps ship by freight truck to a commercial or residential address with a liftgate. The carrier calls to schedule delivery. Inspect the crate before you sign, and note any damage on the delivery receipt.",
        ],
      ],
    ],
  },
  {
    handle: "request-expert-assistance",
    title: "Request Expert Assistance",
    kind: "info",
    legacyId: 355,
    author: "Customer Care",
    date: "2019-03-04",
    excerpt: "Can't find your part? Our pool and spa techs will look it up for you.",
    intro:
      "Can't find your part? Our pool and spa technicians answer parts questions every day. Send us what you know and we will find the right part, usually the same business day.",
    sections: [
      [
        "What to send us",
        [
          "- The brand and model of the equipment (pump, filter, heater, spa pack...)\n- The part number or serial number from the label, if you can read it\n- A photo of the label and of the broken part\n- Your e-mail address or phone number",
          "The label is usually on the side of the pump motor, on the filter tank, inside the heater door, or on the lid of the spa pack.",
        ],
      ],
      [
        "How to reach us",
        [
          "Chat with us from any page, call us Mon-Fri 6AM-8PM PST and Sat-Sun 6AM-3PM PST, or e-mail the photos to our support address. We reply with a link to the exact part or a quote for parts we can special-order.",
        ],
      ],
      [
        "Superseded and discontinued parts",
        [
          "Manufacturers replace part numbers over time. Search by the number on your old part: our catalog lists the old numbers each current part supersedes. If a part is discontinued we will suggest the current replacement or a compatible part that fits.",
        ],
      ],
    ],
  },
  {
    handle: "returns-and-exchanges",
    title: "Returns & Exchanges",
    kind: "info",
    legacyId: 258,
    author: "Customer Care",
    date: "2019-03-04",
    excerpt: "Unused parts in their original packaging can be returned within 30 days.",
    intro:
      "We want you to get the right part. If something is not right, you can return most unused items within 30 days of delivery.",
    sections: [
      [
        "How to return an item",
        [
          "Contact us with your order number to receive a return authorization (RMA) number. Pack the item in its original, unopened packaging, write the RMA number on the box and ship it to the address we give you. Refunds go back to the original payment method within 5 business days of receiving the return.",
        ],
      ],
      [
        "What cannot be returned",
        [
          "- Electrical parts that have been installed (boards, igniters, motors, switches)\n- Chemicals\n- Special-order items\n- Items without an RMA number",
          "Returns of items that were not defective may carry a 15 % restocking fee.",
        ],
      ],
      [
        "Damaged or wrong items",
        [
          "If an item arrives damaged or we shipped the wrong part, contact us within 7 days: we ship a replacement at no cost and send you a prepaid return label.",
        ],
      ],
    ],
  },
  {
    handle: "about-us",
    title: "About Us",
    kind: "info",
    legacyId: 101,
    author: "Customer Care",
    date: "2019-01-15",
    excerpt: "A family-run pool and spa parts supplier, shipping from our own warehouse since 2004.",
    intro:
      "We started as a pool service company in 2004. Our techs were tired of waiting days for parts, so we began stocking them, and then selling them to other pool owners online.",
    sections: [
      [
        "What we do",
        [
          "We stock more than 100,000 pool and spa parts from Hayward, Pentair, Jandy, Zodiac, Raypak, Balboa, Gecko, Waterway and dozens of other brands in our own warehouse. Most orders ship the same day.",
        ],
      ],
      [
        "Real experts",
        [
          "The people who answer our chat and phones have serviced pools and spas for years. Tell us what you have, and we will tell you what you need, even when the answer is a $4 o-ring rather than a new pump.",
        ],
      ],
    ],
  },
  {
    handle: "privacy-policy",
    title: "Privacy Policy",
    kind: "info",
    legacyId: 102,
    author: "Customer Care",
    date: "2023-01-01",
    excerpt: "What we collect, why, and how you control it.",
    intro:
      "This policy explains what personal information we collect when you shop with us, how we use it, and the choices you have.",
    sections: [
      [
        "What we collect",
        [
          "We collect the information you give us when you place an order, create an account or subscribe to our newsletter: your name, addresses, e-mail address and phone number. Payment card numbers go directly to our payment processor; we never store them.",
          "When you browse, we record the pages you visit and the device you use, to keep the site secure and to improve it.",
        ],
      ],
      [
        "How we use it",
        [
          "We use your information to process and ship orders, answer your questions, prevent fraud and, if you opt in, send you our newsletter. We do not sell your personal information.",
        ],
      ],
      [
        "Your choices",
        [
          "You can update your account details at any time, unsubscribe from e-mails with the link in every message, and ask us to delete your account by contacting customer care.",
        ],
      ],
    ],
  },
  {
    handle: "terms-of-use",
    title: "Terms of Use",
    kind: "info",
    legacyId: 103,
    author: "Customer Care",
    date: "2023-01-01",
    excerpt: "The terms that apply when you use this site and buy from us.",
    intro: "By using this site you agree to these terms. Please read them carefully.",
    sections: [
      [
        "Orders and prices",
        [
          "Prices and availability may change without notice. We reserve the right to cancel an order when a price was listed in error; you are then refunded in full. Orders are accepted when they ship.",
        ],
      ],
      [
        "Product information",
        [
          "We describe products as accurately as we can, using manufacturer data. Always check the part number and the fit for your equipment before installing. Electrical and gas work should be done by a qualified professional.",
        ],
      ],
      [
        "Limitation of liability",
        [
          "Our liability for any product is limited to its purchase price. Manufacturer warranties apply as stated by each manufacturer.",
        ],
      ],
    ],
  },
  // ------------------------------------------------------------------ blog
  {
    handle: "how-to-find-your-pool-pumps-part-number",
    title: "How to Find Your Pool Pump's Part Number",
    kind: "blog",
    author: "Mike Delgado",
    date: "2025-10-28",
    imageKind: "pump",
    excerpt:
      "The part number is the fastest way to the right part. Here is where to find it on Hayward, Pentair, Jandy and Sta-Rite pumps.",
    intro:
      "The fastest way to the right replacement part is the part number. Searching by description works, but pumps of the same family often differ in one seal or one impeller. Here is where each major brand hides its numbers.",
    sections: [
      [
        "Start with the motor label",
        [
          "Every pool pump motor carries a metal or foil label on its side or its back. It lists the horsepower, the voltage, the service factor and the motor model. Wipe it with a damp cloth; a phone photo with the flash on usually reads better than your eyes in sunlight.",
        ],
      ],
      [
        "Hayward",
        [
          "Hayward pump model numbers start with SP followed by four digits (SP2610X15 is a Super Pump, 1.5 HP). The model is on a sticker on the pump housing, just below the strainer pot. Replacement parts start with SPX: SPX1600Z2 is the Super Pump shaft seal, SPX1600D the lid.",
        ],
      ],
      [
        "Pentair and Sta-Rite",
        [
          "Pentair uses six-digit numbers such as 011056 or 340039, printed on a label on the motor and on the pump body. Sta-Rite pumps, now made by Pentair, use longer codes such as P6E6G-207L. Pentair's parts are also six digits; o-rings often start with U9- or 35.",
        ],
      ],
      [
        "Jandy",
        [
          "Jandy numbers start with the series (FHPM for FloPro, SHPF for Stealth) followed by the horsepower. Jandy replacement parts are R0 followed by six digits, for example R0358800.",
        ],
      ],
      [
        "If the label is gone",
        [
          "Measure the pipe size, count the bolts on the strainer lid and take photos of the pump from both sides. Send them to us with the Request Expert Assistance form: we identify pumps from photos every day.",
        ],
      ],
    ],
  },
  {
    handle: "winterizing-your-spa",
    title: "Winterizing Your Spa",
    kind: "blog",
    author: "Karen Whitfield",
    date: "2025-10-14",
    imageKind: "jet",
    excerpt: "Not using the hot tub this winter? Drain it properly so the pipes, pump and heater survive the freeze.",
    intro:
      "Most hot tubs are happiest running all winter: the circulation pump and the heater keep the water moving and above freezing. If you will not use yours for months, though, drain it properly. A spa that freezes with water in the lines can crack its pump, heater and plumbing.",
    sections: [
      [
        "Before you drain",
        [
          "Flush the lines with a line-flush product the day before draining, to loosen biofilm. Then turn off the power at the breaker, not just at the topside.",
        ],
      ],
      [
        "Drain and blow out",
        [
          "- Open the drain valve and let the tub empty; a submersible pump speeds this up.\n- Remove the filters, clean them and store them indoors.\n- Loosen the unions on the pump and heater and let them drain.\n- Use a shop vacuum on blow to push water out of every jet, and on suck at the filter housing and the drain.",
          "Leave the pump drain plugs out and store them in a bag taped to the pack.",
        ],
      ],
      [
        "Protect the shell and cover",
        [
          "Wipe the shell dry, treat the cover with a vinyl protectant and lock it down. A cover lifter with the cover on keeps snow load off the cover's foam cores.",
        ],
      ],
      [
        "Reopening in spring",
        [
          "Reinstall the plugs, tighten the unions, fill through the filter housing to avoid air locks, and restore power. If the topside shows 'dr' or 'FLO', bleed the air by loosening the pump union until water weeps out.",
        ],
      ],
    ],
  },
  {
    handle: "sand-vs-cartridge-vs-de-filters",
    title: "Sand vs. Cartridge vs. DE: Which Pool Filter Is Right for You?",
    kind: "blog",
    author: "Mike Delgado",
    date: "2025-09-30",
    imageKind: "filter",
    excerpt: "Each filter type has its place. Compare cost, water clarity and maintenance.",
    intro:
      "All three filter types keep a pool clean. They differ in how fine they filter, how much work they take and how much water they waste.",
    sections: [
      [
        "Sand filters",
        [
          "Sand traps particles down to 20-40 microns. You clean it by backwashing when the pressure rises 8-10 psi over clean. Sand lasts five to seven years. Sand filters are inexpensive and forgiving, but backwashing sends hundreds of gallons to waste.",
        ],
      ],
      [
        "Cartridge filters",
        [
          "Cartridges filter to 10-20 microns and need no backwash: you hose them off a few times a season. They save water and suit areas with watering restrictions. Replacement cartridges are the running cost, every one to three years.",
        ],
      ],
      [
        "DE filters",
        [
          "Diatomaceous earth coats grids and filters to 3-5 microns: the clearest water of the three. You backwash and add new DE powder, and break the filter down once or twice a year. DE must be disposed of properly.",
        ],
      ],
      [
        "Our advice",
        [
          "For most residential pools a large cartridge filter offers the best mix of clarity and low maintenance. Choose sand if you want the lowest upfront cost, and DE if water clarity matters above everything.",
        ],
      ],
    ],
  },
  {
    handle: "when-to-replace-your-salt-cell",
    title: "When to Replace Your Salt Cell",
    kind: "blog",
    author: "Carlos Reyes",
    date: "2025-09-16",
    imageKind: "chlorinator",
    excerpt: "Low chlorine with good salt levels? Your cell may be worn out. How to tell, and what it costs.",
    intro:
      "A salt chlorine generator cell makes chlorine by passing current across coated titanium plates. The coating wears away with use, and after three to seven years the cell cannot keep up.",
    sections: [
      [
        "Signs of a worn cell",
        [
          "- Chlorine stays low even at 100 % output\n- The control shows 'Inspect Cell' or 'Check Cell' after cleaning\n- The plates look dull gray rather than shiny\n- Salt readings drop even though you added salt",
        ],
      ],
      [
        "Rule out the easy causes",
        [
          "Clean the cell if you see white scale. Check the salt level with a test strip, and the stabilizer (cyanuric acid), which should be 60-80 ppm for salt pools. Sunlight burns chlorine without stabilizer no matter how good the cell is.",
        ],
      ],
      [
        "Choosing a replacement",
        [
          "Your cell must match the control: Hayward AquaRite takes T-CELL-3, T-CELL-9 or T-CELL-15 by pool size; Pentair IntelliChlor takes IC20, IC40 or IC60. A larger cell runs at lower output and lasts longer.",
        ],
      ],
    ],
  },
  {
    handle: "variable-speed-pump-savings",
    title: "How Much Does a Variable Speed Pump Really Save?",
    kind: "blog",
    author: "Mike Delgado",
    date: "2025-08-26",
    imageKind: "pump",
    excerpt: "The pump affinity law explains why running slower saves so much energy.",
    intro:
      "The pump is usually the biggest energy user in a home with a pool. Variable speed pumps cut that by running slower for longer, and the physics works strongly in your favor.",
    sections: [
      [
        "The affinity law",
        [
          "Power drawn by a pump falls with the cube of its speed. Halve the speed and the pump uses about one eighth of the power, while still moving half the water. Running twice as long at half speed moves the same water for roughly a quarter of the energy.",
        ],
      ],
      [
        "A real example",
        [
          "A 1.5 HP single speed pump running 8 hours a day draws about 1,700 W: 13.6 kWh a day. A variable speed pump moving the same water at low speed for 12 hours may draw 300 W: 3.6 kWh. At $0.20 per kWh, that is a saving of about $700 a year.",
        ],
      ],
      [
        "Set it up right",
        [
          "Program a low speed for filtration most of the day, a higher speed for a couple of hours for the cleaner or skimming, and high speed only for the spa or heater. Many utilities pay rebates for variable speed pumps: check before you buy.",
        ],
      ],
    ],
  },
  {
    handle: "spa-error-codes-explained",
    title: "Hot Tub Error Codes Explained: FLO, OH, dr and HL",
    kind: "blog",
    author: "Karen Whitfield",
    date: "2025-08-12",
    imageKind: "keypad",
    excerpt: "What the most common Balboa and Gecko error codes mean and what to check first.",
    intro:
      "Your topside's error code is a clue to the part that failed. These are the ones we get asked about most, for Balboa and Gecko spa packs.",
    sections: [
      [
        "FLO, FL1, dr, dry",
        [
          "The pack does not sense enough flow through the heater. Check the filter first: a clogged cartridge is the most common cause. Then check for an air lock in the pump, closed valves, and finally the pressure or flow switch.",
        ],
      ],
      [
        "OH, OHH, HL",
        [
          "Overheat: the water or the heater is too hot. Open the cover to cool the spa, make sure the circulation pump runs, and check the filter. A repeated HL with normal water temperature points to a failing sensor or a scaled heater.",
        ],
      ],
      [
        "Sn, SnA, Snb, Prr",
        [
          "Sensor errors. The temperature or high-limit sensor is disconnected or failed. Reseat the plugs on the board; replace the sensor if the error returns.",
        ],
      ],
      [
        "When to call in a pro",
        [
          "Spa packs run on 240 V. If you are not comfortable working with the power off and verified, have a technician replace boards and heaters.",
        ],
      ],
    ],
  },
  {
    handle: "opening-your-pool-for-the-season",
    title: "Opening Your Pool for the Season: A Checklist",
    kind: "blog",
    author: "Carlos Reyes",
    date: "2025-04-08",
    imageKind: "cover",
    excerpt: "A step-by-step list for getting the pool from green to swimmable.",
    intro: "A good opening takes a weekend, and saves you weeks of cloudy water. Work through the list in order.",
    sections: [
      [
        "Equipment first",
        [
          "- Remove the cover, clean it and let it dry before storing.\n- Reinstall drain plugs, gauges and the skimmer baskets.\n- Lubricate o-rings on the pump lid and valves with silicone lube.\n- Start the pump and check for leaks and air in the basket.",
        ],
      ],
      [
        "Water chemistry",
        [
          "Top up the water, then test and balance in this order: alkalinity, pH, calcium, stabilizer. Shock the pool in the evening and run the filter for 24 hours.",
        ],
      ],
      [
        "Clean",
        [
          "Brush the walls and floor, vacuum to waste if there is heavy debris, and clean or backwash the filter when the pressure rises.",
        ],
      ],
    ],
  },
  {
    handle: "how-to-replace-a-pump-shaft-seal",
    title: "How to Replace a Pool Pump Shaft Seal",
    kind: "blog",
    author: "Mike Delgado",
    date: "2025-05-20",
    imageKind: "seal",
    excerpt: "Water dripping under the motor? A $20 seal and an hour of work will fix it.",
    intro:
      "If water drips from between the pump and the motor, the shaft seal has failed. Left alone, the leak ruins the motor bearings. Replacing the seal is a one-hour job.",
    sections: [
      [
        "What you need",
        [
          "- The shaft seal for your pump (for example SPX1600Z2 for a Hayward Super Pump)\n- A housing o-ring and a diffuser o-ring, or a complete go-kit\n- Screwdrivers, a wrench, silicone lube",
        ],
      ],
      [
        "Steps",
        [
          "Turn off the breaker. Remove the bolts holding the motor to the pump housing and slide the motor out. Remove the diffuser, hold the motor shaft still and unscrew the impeller. Press the old seal halves out of the seal plate and the impeller.",
          "Clean both seats, press in the new ceramic half by hand with the rubber side in, and slide the spring half onto the impeller hub. Do not touch the seal faces. Reassemble with new o-rings.",
        ],
      ],
      [
        "Tip",
        [
          "Never run the pump dry after a seal change: prime it with water first, or the new seal can crack in seconds.",
        ],
      ],
    ],
  },
  {
    handle: "choosing-a-robotic-pool-cleaner",
    title: "Choosing a Robotic Pool Cleaner",
    kind: "blog",
    author: "Jennifer Park",
    date: "2025-06-03",
    imageKind: "robot",
    excerpt: "Wall climbing, filter size, cable length and smart features: what matters and what does not.",
    intro:
      "Robotic cleaners have become the most popular pool cleaners, and for good reason: they scrub, vacuum and filter on their own power, without a booster pump.",
    sections: [
      [
        "What matters",
        [
          "- Pool size and shape: the cable should reach the far corner with some slack\n- Surface: tracks grip tile and plaster; brushes differ for vinyl\n- Filters: fine filters for dust and pollen, coarse baskets for leaves\n- Waterline scrubbing if you fight a scum line",
        ],
      ],
      [
        "Features worth paying for",
        [
          "Top-load filter baskets you can empty without flipping the robot, a swivel to prevent cable tangles, and a caddy if the robot weighs more than 20 lb.",
        ],
      ],
      [
        "Care",
        [
          "Rinse the filters after every cycle, keep the robot out of the sun when not in use, and store it out of the water between cycles. Spare brushes and tracks keep it scrubbing like new.",
        ],
      ],
    ],
  },
  {
    handle: "gas-heater-vs-heat-pump",
    title: "Gas Heater or Heat Pump?",
    kind: "blog",
    author: "Carlos Reyes",
    date: "2025-03-11",
    imageKind: "heat-pump",
    excerpt: "Fast heat on demand, or cheap heat all season? It depends on your climate and how you swim.",
    intro: "Gas heaters and heat pumps both warm the pool, but they suit different owners.",
    sections: [
      [
        "Gas heaters",
        [
          "A gas heater raises the temperature quickly in any weather. It costs more to run, but it is ideal for spas and for pools heated only on weekends. Size it at about 50,000 BTU per 100 square feet of surface for most climates.",
        ],
      ],
      [
        "Heat pumps",
        [
          "A heat pump moves heat from the air into the water. It needs air above 50 F to work well, and heats slowly, but it costs a fraction of gas to run. It suits pools kept warm all season in the South and West.",
        ],
      ],
      ["Both?", ["Many owners pair a heat pump for steady heat with a small gas heater for quick spa warm-ups."]],
    ],
  },
  {
    handle: "cleaning-pool-filter-cartridges",
    title: "How to Clean Pool and Spa Filter Cartridges",
    kind: "blog",
    author: "Jennifer Park",
    date: "2025-07-15",
    imageKind: "cartridge",
    excerpt: "Rinse, soak and dry: the right way to clean a cartridge so it lasts longer.",
    intro:
      "A clean cartridge filters better and lasts longer. Clean pool cartridges when the pressure rises 8-10 psi, and spa cartridges every two to four weeks.",
    sections: [
      [
        "Rinse",
        ["Hose each pleat from top to bottom at a 45-degree angle. Skip pressure washers: they tear the fibers."],
      ],
      [
        "Soak",
        [
          "Once or twice a season, soak the cartridge overnight in a cartridge cleaner to dissolve oils. Never use muriatic acid before degreasing: it locks the oils into the fabric.",
        ],
      ],
      [
        "Dry and rotate",
        [
          "Let the cartridge dry completely; bacteria die and trapped dirt brushes off. Keeping a spare set lets you swap and clean at leisure.",
        ],
      ],
      [
        "When to replace",
        [
          "Replace when pleats are flattened or torn, the end caps crack, or the pressure climbs within days of cleaning.",
        ],
      ],
    ],
  },
  {
    handle: "pool-light-troubleshooting",
    title: "Pool Light Not Working? Troubleshooting Guide",
    kind: "blog",
    author: "Dave Morgan",
    date: "2025-02-18",
    imageKind: "light",
    excerpt: "Tripped GFCI, water in the fixture, or a burned-out bulb: how to find out.",
    intro:
      "A dark pool light is usually one of three things: the GFCI tripped, the bulb burned out, or water got into the fixture.",
    sections: [
      [
        "Check the GFCI",
        [
          "Press reset on the GFCI breaker or outlet that feeds the light. If it trips again immediately, there is a ground fault: water in the fixture or a damaged cord. Do not keep resetting it.",
        ],
      ],
      [
        "Pull the fixture",
        [
          "With the power off, remove the pilot screw at the top of the face ring and lift the light out onto the deck; there is extra cord in the niche for this. Look for water inside the lens.",
        ],
      ],
      [
        "Repair or replace",
        [
          "A new lens gasket and bulb fix many lights. If the fixture is corroded, an LED replacement with the same cord length drops into the existing niche.",
        ],
      ],
    ],
  },
  {
    handle: "balancing-pool-water-chemistry",
    title: "Pool Water Chemistry Made Simple",
    kind: "blog",
    author: "Jennifer Park",
    date: "2024-06-25",
    imageKind: "test-kit",
    excerpt: "The five numbers that matter and the order to fix them in.",
    intro: "Water chemistry looks complicated, but five numbers cover almost everything.",
    sections: [
      [
        "The targets",
        [
          "- Free chlorine: 1-3 ppm (3-5 ppm for salt pools)\n- pH: 7.4-7.6\n- Total alkalinity: 80-120 ppm\n- Calcium hardness: 200-400 ppm\n- Cyanuric acid: 30-50 ppm (60-80 ppm for salt pools)",
        ],
      ],
      [
        "Adjust in order",
        [
          "Alkalinity first, because it buffers pH. Then pH, then calcium, then stabilizer. Sanitizer last. Add one chemical at a time with the pump running.",
        ],
      ],
      [
        "Test often",
        ["Test twice a week in season with a reagent kit such as the Taylor K-2006; strips are fine for quick checks."],
      ],
    ],
  },
  {
    handle: "spa-cover-care",
    title: "Make Your Spa Cover Last Longer",
    kind: "blog",
    author: "Karen Whitfield",
    date: "2024-11-05",
    imageKind: "cover",
    excerpt: "A heavy, waterlogged cover wastes energy. Simple habits keep it light.",
    intro:
      "A good spa cover saves more energy than any other accessory, but a waterlogged one is heavy and insulates poorly.",
    sections: [
      [
        "Monthly care",
        [
          "Clean the vinyl with mild soap and apply a UV protectant. Flip the cover and wipe the underside to remove condensation.",
        ],
      ],
      ["Use a lifter", ["A cover lifter prevents tears at the fold and keeps the cover off the ground."]],
      [
        "Replace when",
        [
          "If the cover weighs twice what it did new, or the foam cores crack, replace it: the savings on heating pay for it.",
        ],
      ],
    ],
  },
  {
    handle: "diagnosing-a-noisy-pool-pump",
    title: "Diagnosing a Noisy Pool Pump",
    kind: "blog",
    author: "Dave Morgan",
    date: "2024-08-13",
    imageKind: "motor",
    excerpt: "Screeching, rattling or humming: what each noise means.",
    intro: "Pumps tell you what is wrong by the noise they make.",
    sections: [
      [
        "Screeching or grinding",
        [
          "Worn motor bearings. Replace the bearings or the motor before they seize. Check the shaft seal too: a leaking seal ruined them.",
        ],
      ],
      [
        "Rattling like gravel",
        [
          "Cavitation: the pump is starved for water. Check the skimmer and strainer baskets, the water level and closed suction valves.",
        ],
      ],
      [
        "Humming, not starting",
        [
          "Usually a failed start capacitor, or an impeller jammed with debris. With the power off, check that the shaft turns freely.",
        ],
      ],
    ],
  },
  {
    handle: "vgb-drain-cover-replacement",
    title: "Why Your Drain Covers Have an Expiration Date",
    kind: "blog",
    author: "Carlos Reyes",
    date: "2024-05-07",
    imageKind: "drain",
    excerpt: "VGB-certified covers are rated for a set number of years. Here is how to check yours.",
    intro:
      "Since the Virginia Graeme Baker Act of 2008, every public pool and spa must have certified anti-entrapment drain covers. Residential pools benefit just as much, and the covers do not last forever.",
    sections: [
      [
        "The date on the cover",
        [
          "Certified covers are stamped with a service life, typically five to seven years, and a flow rating. UV and chemicals make plastic brittle over time.",
        ],
      ],
      [
        "Replacing a cover",
        [
          "Drain the water below the cover or use a diver, remove the screws and fit a cover with the same footprint and an equal or higher flow rating. Always use the stainless screws supplied.",
        ],
      ],
    ],
  },
  {
    handle: "above-ground-pool-pump-guide",
    title: "Sizing a Pump for an Above-Ground Pool",
    kind: "blog",
    author: "Jennifer Park",
    date: "2024-04-16",
    imageKind: "pump",
    excerpt: "Bigger is not better. Match the pump to the pool and the filter.",
    intro: "The right pump turns an above-ground pool over in six to eight hours without overpowering the filter.",
    sections: [
      [
        "Work out the flow",
        [
          "Divide the pool volume by 360 to get the flow in gallons per minute for a six-hour turnover. A 15,000 gallon pool needs about 42 GPM.",
        ],
      ],
      [
        "Check the filter",
        [
          "Never exceed the filter's maximum flow rating: the filter will channel and the pressure will climb. Most above-ground setups run well with 0.75 to 1 HP.",
        ],
      ],
    ],
  },
  {
    handle: "replacing-spa-jets",
    title: "How to Replace Hot Tub Jets",
    kind: "blog",
    author: "Karen Whitfield",
    date: "2024-09-24",
    imageKind: "jet",
    excerpt: "Most jet inserts twist out by hand. Measure first, then order.",
    intro: "Stuck, cracked or leaking jets are easy to replace, as long as you identify the jet correctly.",
    sections: [
      [
        "Identify the jet",
        [
          "Measure the face diameter, count the threads or tabs, and note the brand molded on the back. Waterway and CMP make most aftermarket jets.",
        ],
      ],
      [
        "Remove and replace",
        [
          "Turn the jet fully counter-clockwise to its stop and pull. Some jets need a jet removal tool. Snap the new insert in and turn clockwise to lock it.",
        ],
      ],
    ],
  },
  {
    handle: "pool-heater-wont-ignite",
    title: "Pool Heater Won't Ignite? Start Here",
    kind: "blog",
    author: "Dave Morgan",
    date: "2025-01-21",
    imageKind: "heater",
    excerpt: "Pressure switch, igniter, gas supply: check them in this order.",
    intro: "Gas heaters follow a strict start sequence. The display usually tells you which step failed.",
    sections: [
      [
        "Pressure switch",
        [
          "The heater will not fire without enough water flow. A dirty filter, a clogged pump basket or a wrong valve position trips the pressure switch.",
        ],
      ],
      [
        "Igniter and flame sensor",
        [
          "The hot surface igniter glows orange before the gas valve opens. A cracked igniter or a dirty flame sensor is the most common failure after the first few seasons.",
        ],
      ],
      [
        "Gas supply",
        [
          "Make sure the gas valve is open and, for propane, that the tank is not low. Undersized gas lines cause heaters to light and then drop out.",
        ],
      ],
    ],
  },
  {
    handle: "pool-automation-basics",
    title: "Pool Automation: What It Does and Is It Worth It?",
    kind: "blog",
    author: "Mike Delgado",
    date: "2024-10-15",
    imageKind: "control",
    excerpt: "Run the pump, heater, lights and valves from your phone.",
    intro:
      "Automation ties the equipment pad together: one controller runs the pump schedule, the heater, the lights, the valves and the salt system.",
    sections: [
      [
        "What you get",
        [
          "Schedules that change the pump speed through the day, spa mode at the press of a button, light shows, and alerts when something goes wrong.",
        ],
      ],
      [
        "Is it worth it?",
        [
          "If you have a pool and spa combination, a variable speed pump and color lights, automation pays for itself in convenience and energy savings.",
        ],
      ],
    ],
  },
  {
    handle: "why-is-my-pool-cloudy",
    title: "Why Is My Pool Cloudy?",
    kind: "blog",
    author: "Jennifer Park",
    date: "2024-07-09",
    imageKind: "chemical",
    excerpt: "Filtration, chemistry or contaminants: find the cause before you pour in chemicals.",
    intro:
      "Cloudy water has three causes: poor filtration, unbalanced chemistry, or too many contaminants for the sanitizer to keep up.",
    sections: [
      [
        "Filtration",
        [
          "Run the pump longer and check the filter pressure. A cartridge that stays dirty, or sand that has clumped, cannot filter fine particles.",
        ],
      ],
      ["Chemistry", ["High pH and high calcium make water cloudy. Test and balance before adding clarifier."]],
      ["Contaminants", ["After a party or a storm, shock the pool and use an enzyme to break down oils."]],
    ],
  },
  {
    handle: "spa-pack-replacement-guide",
    title: "Replacing a Spa Control Pack",
    kind: "blog",
    author: "Karen Whitfield",
    date: "2023-11-14",
    imageKind: "control",
    excerpt: "Board or full pack? How to choose and what to match.",
    intro:
      "When a spa control fails, you can replace the circuit board or the whole pack. The board is cheaper; the pack comes with a new heater and contactors.",
    sections: [
      [
        "Match these",
        [
          "The number of pumps and their speeds, the heater power, the blower and light outputs, and the topside. Balboa and Gecko publish cross-reference charts for brand-name spas.",
        ],
      ],
      [
        "Installation",
        ["A licensed electrician should connect the 240 V supply. Label every plug before you unplug it."],
      ],
    ],
  },
  {
    handle: "pool-closing-mistakes",
    title: "Five Pool Closing Mistakes That Cost You in Spring",
    kind: "blog",
    author: "Carlos Reyes",
    date: "2023-09-26",
    imageKind: "cover",
    excerpt: "Avoid cracked pipes and green water with these closing tips.",
    intro: "A pool closed right opens clean. These are the mistakes we see most.",
    sections: [
      [
        "The mistakes",
        [
          "- Closing too early, while the water is still warm enough for algae\n- Not blowing out the lines, which freezes and cracks the plumbing\n- Leaving drain plugs in the pump and filter\n- Skipping the shock and winter algaecide\n- Using a loose cover that lets debris in",
        ],
      ],
    ],
  },
];
