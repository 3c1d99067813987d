/**
 * The three-level category tree. Top categories carry a few paragraphs so the category page's
 * "Read More" has something to fold; the others carry one sentence, also used as SEO description.
 */
export interface CategorySeed {
  handle: string;
  title: string;
  seoTitle?: string;
  summary: string;
  paragraphs?: string[];
  children?: CategorySeed[];
}

const categoryTree: readonly CategorySeed[] = [
  {
    handle: "pool-equipment",
    title: "Pool Equipment",
    seoTitle: "Pool Equipment: Pumps, Filters, Heaters & Automation",
    summary: "Pumps, filters, heaters and automation for in-ground and above-ground pools, from every major brand.",
    paragraphs: [
      "The equipment pad is the heart of the pool: the pump moves the water, the filter cleans it, the heater warms it and the automation system ties it all together. We stock complete units and the parts to repair them from Hayward, Pentair, Jandy, Sta-Rite and Raypak.",
      "Replacing a whole unit? Match the horsepower, the voltage and the plumbing size of the old one, and check the service factor on the motor label. Most states now require variable speed pumps for new installations, and they pay for themselves in energy savings within two seasons.",
      "Not sure what you have? Send us a photo of the label and our pool techs will find the right part. Orders over $99 ship free to the lower 48 states.",
    ],
    children: [
      {
        handle: "pool-pumps",
        title: "Pool Pumps",
        seoTitle: "Pool Pumps: Variable Speed, Single Speed & Motors",
        summary: "In-ground and above-ground pool pumps, replacement motors and pump parts.",
        paragraphs: [
          "A pool pump should turn the whole pool over at least once a day. Variable speed pumps do it at low speed for a fraction of the power a single speed pump draws, and run whisper quiet.",
          "Keep the pump you have running with genuine shaft seals, impellers, diffusers, lid o-rings and strainer baskets.",
        ],
        children: [
          {
            handle: "variable-speed-pool-pumps",
            title: "Variable Speed Pumps",
            seoTitle: "Variable Speed Pool Pumps",
            summary:
              "Energy-efficient variable speed pool pumps that meet DOE regulations and cut pumping costs by up to 90 percent.",
          },
          {
            handle: "single-speed-pool-pumps",
            title: "Single Speed Pumps",
            seoTitle: "Single Speed & Two Speed Pool Pumps",
            summary: "Single and two speed pool pumps for replacement installs, water features and booster duty.",
          },
          {
            handle: "above-ground-pool-pumps",
            title: "Above Ground Pool Pumps",
            summary: "Pumps and filter-pump systems sized for above-ground pools, with cord and plug.",
          },
          {
            handle: "pool-pump-motors",
            title: "Pump Motors",
            seoTitle: "Pool Pump Motors: Full Rated & Up Rated",
            summary: "Square-flange and C-face replacement pool pump motors from Century, Hayward and Pentair.",
          },
          {
            handle: "pool-pump-parts",
            title: "Pump Parts",
            seoTitle: "Pool Pump Parts: Seals, Impellers, Lids & Baskets",
            summary: "Shaft seals, impellers, diffusers, lids, strainer baskets and o-rings to rebuild your pool pump.",
          },
        ],
      },
      {
        handle: "pool-filters",
        title: "Pool Filters",
        seoTitle: "Pool Filters: Cartridge, Sand & DE",
        summary: "Cartridge, sand and DE pool filters, and the parts to service them.",
        paragraphs: [
          "Sand filters are simple and forgiving, cartridge filters save water because they need no backwashing, and DE filters polish water down to 3-5 microns.",
          "Size a filter by the pool's volume and the pump's flow rate: bigger filters run longer between cleanings.",
        ],
        children: [
          {
            handle: "cartridge-pool-filters",
            title: "Cartridge Filters",
            summary: "Complete cartridge pool filters from Hayward, Pentair and Jandy, from 100 to 580 square feet.",
          },
          {
            handle: "sand-filters",
            title: "Sand Filters",
            summary: "Top-mount and side-mount sand filters with multiport valves.",
          },
          {
            handle: "de-filters",
            title: "DE Filters",
            summary: "Diatomaceous earth pool filters, grid and Perflex designs, for the clearest water.",
          },
          {
            handle: "filter-parts",
            title: "Filter Parts",
            seoTitle: "Pool Filter Parts: Multiport Valves, Laterals & O-Rings",
            summary: "Multiport valves, laterals, air relief valves, tank o-rings and clamps for pool filters.",
          },
        ],
      },
      {
        handle: "pool-heaters-heat-pumps",
        title: "Pool Heaters & Heat Pumps",
        seoTitle: "Pool Heaters & Heat Pumps: Gas, Electric & Parts",
        summary: "Gas pool heaters, electric heat pumps and the igniters, boards and exchangers to repair them.",
        paragraphs: [
          "Gas heaters heat fast whatever the weather; heat pumps cost less to run and suit warm climates and long seasons.",
          "Size a heater by surface area and the temperature rise you want: our techs will help you choose.",
        ],
        children: [
          {
            handle: "gas-pool-heaters",
            title: "Gas Pool Heaters",
            summary: "Natural gas and propane pool heaters from 150,000 to 400,000 BTU.",
          },
          {
            handle: "pool-heat-pumps",
            title: "Heat Pumps",
            seoTitle: "Pool Heat Pumps",
            summary: "Electric heat pumps that heat and cool pools efficiently.",
          },
          {
            handle: "pool-heater-parts",
            title: "Heater Parts",
            seoTitle: "Pool Heater Parts: Igniters, Boards & Switches",
            summary: "Igniters, control boards, pressure switches, gas valves and heat exchangers.",
          },
        ],
      },
      {
        handle: "pool-automation",
        title: "Automation",
        seoTitle: "Pool Automation Systems & Parts",
        summary: "Automation systems, valve actuators, sensors and timers to run your pool from your phone.",
        children: [
          {
            handle: "automation-systems",
            title: "Automation Systems",
            summary: "Complete pool and spa automation systems with Wi-Fi control.",
          },
          {
            handle: "valve-actuators",
            title: "Valve Actuators",
            summary: "24 VAC valve actuators for automated pool and spa valves.",
          },
          {
            handle: "automation-parts",
            title: "Sensors & Timers",
            summary: "Temperature sensors, flow switches, control boards and mechanical timers.",
          },
        ],
      },
    ],
  },
  {
    handle: "filters-and-cartridges",
    title: "Filters & Cartridges",
    seoTitle: "Pool & Spa Filter Cartridges, DE Grids & Filter Media",
    summary: "Replacement pool and spa filter cartridges, DE grids and filter media, cross-referenced to your filter.",
    paragraphs: [
      "A cartridge lasts one to two years in a pool and about a year in a spa. When the pleats stay dirty after cleaning or the pressure climbs fast, it is time for a new one.",
      "Match by dimensions (diameter, length, the size of the top and bottom holes) and by the OEM number: Unicel, Pleatco and Filbur numbers cross over to each other.",
      "Tip: keep a spare cartridge and swap them, so one can soak in cleaner while the other works.",
    ],
    children: [
      {
        handle: "pool-filter-cartridges",
        title: "Pool Filter Cartridges",
        summary: "Replacement pool filter cartridges from Unicel, Pleatco, Filbur and the OEMs.",
      },
      {
        handle: "spa-filter-cartridges",
        title: "Spa Filter Cartridges",
        summary: "Hot tub filter cartridges for every brand of spa, from 25 to 100 square feet.",
      },
      {
        handle: "de-filter-grids",
        title: "DE Grids & Fingers",
        summary: "Replacement DE filter grids, grid sets and Perflex fingers.",
      },
      {
        handle: "filter-media",
        title: "Filter Sand & DE Powder",
        summary: "Filter sand, glass media, zeolite and DE powder.",
      },
    ],
  },
  {
    handle: "spa-hot-tub-parts",
    title: "Spa & Hot Tub Parts",
    seoTitle: "Hot Tub Parts: Heaters, Pumps, Control Packs & Jets",
    summary: "Heaters, pumps, control packs, topsides, jets and pillows for every brand of hot tub.",
    paragraphs: [
      "Most hot tubs are built from the same few components: a Balboa or Gecko control pack, a Waterway or Aqua-Flo pump and a flow-through heater. That makes them easy to repair once you know the part number.",
      "Look for the part number on the label of the pack, the pump motor or the heater tube. Error codes on the topside (FLO, OH, dr, HL) point to the part that failed; our help pages explain them.",
    ],
    children: [
      {
        handle: "spa-heaters",
        title: "Spa Heaters",
        summary: "Flow-through spa heaters and heater assemblies for Balboa, Gecko and Hydro-Quip packs.",
      },
      {
        handle: "spa-pumps",
        title: "Spa Pumps",
        summary: "Jet pumps and circulation pumps for hot tubs.",
        children: [
          { handle: "spa-jet-pumps", title: "Jet Pumps", summary: "One and two speed spa jet pumps, 48 and 56 frame." },
          {
            handle: "spa-circulation-pumps",
            title: "Circulation Pumps",
            summary: "Quiet 24-hour circulation pumps for spas.",
          },
        ],
      },
      {
        handle: "spa-control-packs",
        title: "Spa Control Packs",
        summary: "Complete spa control systems and replacement circuit boards.",
      },
      { handle: "spa-topside-controls", title: "Topside Controls", summary: "Spa topside keypads and panel overlays." },
      {
        handle: "spa-jets",
        title: "Spa Jets",
        summary: "Spa jet inserts, bodies and escutcheons from Waterway and CMP.",
      },
      {
        handle: "spa-ozonators",
        title: "Ozonators",
        summary: "Spa ozone generators and injectors for cleaner water with fewer chemicals.",
      },
      { handle: "spa-air-blowers", title: "Air Blowers", summary: "Spa air blowers for bubble systems." },
      { handle: "spa-pillows", title: "Spa Pillows", summary: "Replacement hot tub headrests and pillows." },
    ],
  },
  {
    handle: "pool-cleaners",
    title: "Pool Cleaners",
    seoTitle: "Pool Cleaners: Robotic, Pressure & Suction Side",
    summary: "Robotic, pressure-side and suction-side pool cleaners and their replacement parts.",
    paragraphs: [
      "Robotic cleaners are self-contained and filter the water themselves; pressure-side cleaners use a booster pump or the return line; suction-side cleaners plug into the skimmer.",
      "Keep any cleaner running like new with genuine tires, tracks, brushes, hoses and bags.",
    ],
    children: [
      {
        handle: "robotic-pool-cleaners",
        title: "Robotic Pool Cleaners",
        summary: "Robotic pool cleaners from Dolphin, Polaris and Hayward.",
      },
      {
        handle: "pressure-side-pool-cleaners",
        title: "Pressure-Side Cleaners",
        summary: "Pressure-side pool cleaners with their own debris bag.",
      },
      {
        handle: "suction-side-pool-cleaners",
        title: "Suction-Side Cleaners",
        summary: "Suction-side pool cleaners that connect to the skimmer or a dedicated line.",
      },
      {
        handle: "pool-cleaner-parts",
        title: "Cleaner Parts",
        summary: "Replacement parts for robotic, pressure-side and suction-side cleaners.",
        children: [
          {
            handle: "robotic-cleaner-parts",
            title: "Robotic Cleaner Parts",
            summary: "Brushes, tracks, filters, cables and power supplies for robotic cleaners.",
          },
          {
            handle: "pressure-cleaner-parts",
            title: "Pressure Cleaner Parts",
            summary: "Sweep hoses, tires, bags and backup valves for pressure-side cleaners.",
          },
          {
            handle: "suction-cleaner-parts",
            title: "Suction Cleaner Parts",
            summary: "Diaphragms, hoses, skirts and throats for suction-side cleaners.",
          },
        ],
      },
    ],
  },
  {
    handle: "salt-chlorinators",
    title: "Salt Chlorinators & Cells",
    seoTitle: "Salt Chlorine Generators & Replacement Salt Cells",
    summary: "Salt chlorine generators, replacement salt cells, flow switches and chemical feeders.",
    paragraphs: [
      "A salt chlorine generator makes chlorine from salt dissolved in the pool water, so you stop hauling jugs. The cell wears out after three to seven years, depending on hours and water balance.",
      "Replacement cells must match the control board: a Hayward AquaRite board takes a T-CELL, a Pentair IntelliChlor an IC cell. Generic cells that fit the OEM boards cost less and carry their own warranty.",
    ],
    children: [
      {
        handle: "salt-chlorine-generators",
        title: "Salt Systems",
        summary: "Complete salt chlorine generator systems.",
      },
      {
        handle: "replacement-salt-cells",
        title: "Replacement Salt Cells",
        summary: "OEM and compatible replacement salt cells.",
      },
      {
        handle: "chlorinator-parts",
        title: "Chlorinator Parts",
        summary: "Flow switches, power supplies, boards and unions for salt systems.",
      },
      {
        handle: "chemical-feeders",
        title: "Chemical Feeders",
        summary: "Inline and offline chlorine and bromine feeders.",
      },
    ],
  },
  {
    handle: "pool-chemicals",
    title: "Chemicals",
    seoTitle: "Pool & Spa Chemicals",
    summary: "Sanitizers, shock, balancers, algaecides, enzymes and test kits.",
    paragraphs: [
      "Balanced water is comfortable water and it protects your equipment: keep pH between 7.4 and 7.6, alkalinity between 80 and 120 ppm and calcium hardness between 200 and 400 ppm.",
      "Test at least twice a week in season. Add chemicals one at a time with the pump running, and never mix them.",
    ],
    children: [
      {
        handle: "chlorine-sanitizers",
        title: "Chlorine & Sanitizers",
        summary: "Chlorine tablets, granular chlorine and bromine.",
      },
      { handle: "pool-shock", title: "Shock", summary: "Cal-hypo, dichlor and non-chlorine shock." },
      {
        handle: "water-balancers",
        title: "Water Balancers",
        summary: "pH increaser and decreaser, alkalinity, calcium and stabilizer.",
      },
      { handle: "algaecides", title: "Algaecides", summary: "Polyquat, copper and preventative algaecides." },
      {
        handle: "clarifiers-enzymes",
        title: "Clarifiers & Enzymes",
        summary: "Clarifiers, flocculants, enzymes and phosphate removers.",
      },
      { handle: "spa-chemicals", title: "Spa Chemicals", summary: "Hot tub sanitizers, balancers and line flush." },
      {
        handle: "test-kits-strips",
        title: "Test Kits & Strips",
        summary: "Reagent test kits, refills and test strips.",
      },
    ],
  },
  {
    handle: "pool-spa-lighting",
    title: "Lighting",
    seoTitle: "Pool & Spa Lights: LED, Niches & Transformers",
    summary: "LED and color pool lights, spa lights, niches and transformers.",
    paragraphs: [
      "LED pool lights use a fifth of the power of incandescent bulbs and last for years. Color-changing lights sync with your automation for shows.",
      "Match the voltage (12V or 120V) and the cord length to your existing light so it reaches the junction box without a splice.",
    ],
    children: [
      {
        handle: "led-pool-lights",
        title: "LED Pool Lights",
        summary: "White and color LED pool lights in 12V and 120V.",
      },
      { handle: "spa-lights", title: "Spa Lights", summary: "Small LED lights for spas and water features." },
      {
        handle: "light-niches-parts",
        title: "Niches & Light Parts",
        summary: "Light niches, lenses, gaskets and bulbs.",
      },
      {
        handle: "light-transformers",
        title: "Transformers",
        summary: "Low-voltage transformers for 12V pool and landscape lights.",
      },
    ],
  },
  {
    handle: "valves-plumbing",
    title: "Valves & Plumbing",
    seoTitle: "Pool Valves, Fittings, O-Rings & Gauges",
    summary: "Diverter, check and ball valves, fittings, unions, o-rings, gaskets and pressure gauges.",
    paragraphs: [
      "Two-inch plumbing is the standard on modern pads; older pools often use 1.5 inch. Most valves and unions fit both with the right adapters.",
      "Replace the o-rings when you open a valve or a union: a dried o-ring is the most common cause of air in the pump basket.",
    ],
    children: [
      {
        handle: "diverter-valves",
        title: "Diverter Valves",
        summary: "Two-port and three-port diverter valves and their lids, handles and o-rings.",
      },
      { handle: "check-valves", title: "Check Valves", summary: "Spring and swing check valves." },
      { handle: "ball-valves", title: "Ball Valves", summary: "True-union and compact ball valves." },
      {
        handle: "fittings-unions",
        title: "Fittings & Unions",
        summary: "Unions, tailpieces, adapters, wall fittings and returns.",
      },
      {
        handle: "o-rings-gaskets",
        title: "O-Rings & Gaskets",
        summary: "O-rings and gaskets for pumps, filters, valves and heaters.",
      },
      { handle: "pressure-gauges", title: "Pressure Gauges", summary: "Filter pressure gauges and flow meters." },
      { handle: "pool-hoses", title: "Hoses & Pipe", summary: "Flexible PVC pipe, backwash hoses and filter hoses." },
    ],
  },
  {
    handle: "pool-maintenance",
    title: "Pool Maintenance",
    seoTitle: "Pool Maintenance Supplies: Skimmers, Brushes & Vacuums",
    summary: "Skimmers, skimmer baskets, vacuum heads, brushes, poles and leaf nets.",
    paragraphs: [
      "Ten minutes a week with a brush, a net and clean skimmer baskets keeps the filter and the pump working less and the water clearer.",
      "Replace cracked skimmer lids and weir doors promptly: a missing weir lets leaves past the basket and into the pump.",
    ],
    children: [
      { handle: "skimmers-parts", title: "Skimmers & Parts", summary: "In-ground skimmers, lids, weirs and baskets." },
      { handle: "vacuum-heads-hoses", title: "Vacuum Heads & Hoses", summary: "Manual vacuum heads and vacuum hoses." },
      {
        handle: "pool-brushes",
        title: "Brushes",
        summary: "Wall brushes, stainless algae brushes and corner brushes.",
      },
      {
        handle: "telescopic-poles",
        title: "Telescopic Poles",
        summary: "Telescopic poles for brushes, nets and vacuums.",
      },
      { handle: "leaf-nets-rakes", title: "Leaf Nets & Rakes", summary: "Leaf skimmers and deep-bag leaf rakes." },
    ],
  },
  {
    handle: "safety-covers",
    title: "Safety & Covers",
    seoTitle: "Pool Safety: Drain Covers, Alarms & Pool Covers",
    summary: "VGB drain covers, pool alarms, solar and winter covers.",
    paragraphs: [
      "Drain covers wear out: replace them when the date stamped on the cover has passed, with a VGB-certified cover of the same footprint and flow rating.",
      "A solar cover cuts evaporation and holds in heat overnight; a winter cover keeps debris out and makes spring opening faster.",
    ],
    children: [
      {
        handle: "drain-covers",
        title: "Drain Covers",
        summary: "VGB-compliant main drain covers and suction outlet covers.",
      },
      { handle: "pool-alarms", title: "Pool Alarms", summary: "Pool and gate alarms." },
      { handle: "solar-covers", title: "Solar Covers & Reels", summary: "Solar blankets and cover reels." },
      { handle: "winter-covers", title: "Winter Covers", summary: "Winter covers, water tubes and closing kits." },
      {
        handle: "handrails-ladders",
        title: "Handrails & Ladders",
        summary: "Pool handrails, ladders, steps and treads.",
      },
    ],
  },
];

export interface FlatCategory {
  handle: string;
  title: string;
  seoTitle: string;
  summary: string;
  paragraphs: string[];
  level: number;
  parentHandle: string | null;
  position: number;
  isLeaf: boolean;
}

/** Depth-first flattening: parents always come before their children. */
export function flattenCategories(tree: readonly CategorySeed[] = categoryTree): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: readonly CategorySeed[], level: number, parentHandle: string | null) => {
    nodes.forEach((node, index) => {
      out.push({
        handle: node.handle,
        title: node.title,
        seoTitle: node.seoTitle ?? node.title,
        summary: node.summary,
        paragraphs: node.paragraphs ?? [],
        level,
        parentHandle,
        position: index + 1,
        isLeaf: !node.children?.length,
      });
      if (node.children) walk(node.children, level + 1, node.handle);
    });
  };
  walk(tree, 1, null);
  return out;
}
