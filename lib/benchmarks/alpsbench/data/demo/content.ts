/**
 * Invented content for the synthetic demo set. Every person, dialogue and fact here was written for
 * this project; nothing comes from AlpsBench or WildChat.
 *
 * A user holds a few facts. Each fact kind knows how the user says it in a dialogue (en, zh, fr, es),
 * how the memory is written (English, or Chinese for Chinese-speaking users, like the real data),
 * how a retrieval query asks for it, and (for some kinds) how it changes in a later dialogue.
 */

export type Lang = "en" | "zh" | "fr" | "es";
export type Localized = Record<Lang, string>;

/** The language memory values and Task 3 queries are written in. */
export function valueLang(lang: Lang): "en" | "zh" {
  return lang === "zh" ? "zh" : "en";
}

export const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", zh: "Chinese", fr: "French", es: "Spanish" };

export interface FactKind {
  id: string;
  label: string;
  type: "direct" | "indirect";
  attitude: string | null;
  /** which Task 4 abilities may select this fact */
  group: "persona" | "preference" | "constraint";
  options: readonly Localized[];
  value: (o: Localized, lang: "en" | "zh") => string;
  say: (o: Localized) => Localized;
  ask: (o: Localized, lang: "en" | "zh") => string;
  /** the fact changes: what the user says and the updated memory */
  update?: {
    say: (to: Localized) => Localized;
    value: (from: Localized, to: Localized, lang: "en" | "zh") => string;
  };
}

const L = (en: string, zh: string, fr: string, es: string): Localized => ({ en, zh, fr, es });

export const FACT_KINDS: readonly FactKind[] = [
  {
    id: "occupation",
    label: "Personal_Background/Occupation",
    type: "direct",
    attitude: null,
    group: "persona",
    options: [
      L("night-shift nurse", "夜班护士", "infirmière de nuit", "enfermera del turno de noche"),
      L("bridge engineer", "桥梁工程师", "ingénieur en ponts", "ingeniero de puentes"),
      L("pastry chef", "糕点师", "chef pâtissier", "pastelero"),
      L("marine biologist", "海洋生物学家", "biologiste marin", "bióloga marina"),
      L("primary-school teacher", "小学老师", "institutrice", "maestro de primaria"),
      L("tram driver", "有轨电车司机", "conducteur de tramway", "conductor de tranvía"),
    ],
    value: (o, l) => (l === "zh" ? `职业是${o.zh}` : `Works as a ${o.en}`),
    say: (o) => ({
      en: `I'm a ${o.en}, so my weeks never look the same.`,
      zh: `我是${o.zh}，每周的安排都不一样。`,
      fr: `Je suis ${o.fr}, alors mes semaines ne se ressemblent jamais.`,
      es: `Soy ${o.es}, así que ninguna semana se parece a otra.`,
    }),
    ask: (_o, l) =>
      l === "zh" ? "考虑到我的工作性质，哪种每周计划表最适合我？" : "For someone who works the way I do, which weekly planner layout would fit my schedule?",
    update: {
      say: (t) => ({
        en: `Big news: I changed careers and started as a ${t.en} this month.`,
        zh: `告诉你个消息：我这个月转行了，现在当${t.zh}。`,
        fr: `Grande nouvelle : j'ai changé de métier, je commence comme ${t.fr} ce mois-ci.`,
        es: `Gran noticia: cambié de profesión y este mes empiezo como ${t.es}.`,
      }),
      value: (f, t, l) => (l === "zh" ? `从${f.zh}转行为${t.zh}` : `Changed careers from ${f.en} to ${t.en}`),
    },
  },
  {
    id: "city",
    label: "Personal_Background/Location",
    type: "direct",
    attitude: null,
    group: "persona",
    options: [
      L("Lyon", "里昂", "Lyon", "Lyon"),
      L("Porto", "波尔图", "Porto", "Oporto"),
      L("Kraków", "克拉科夫", "Cracovie", "Cracovia"),
      L("Valparaíso", "瓦尔帕莱索", "Valparaíso", "Valparaíso"),
      L("Chengdu", "成都", "Chengdu", "Chengdu"),
      L("Tromsø", "特罗姆瑟", "Tromsø", "Tromsø"),
    ],
    value: (o, l) => (l === "zh" ? `住在${o.zh}` : `Lives in ${o.en}`),
    say: (o) => ({
      en: `Here in ${o.en} the trams stop running early, which is annoying.`,
      zh: `我们${o.zh}这边晚上公交停得很早，挺不方便的。`,
      fr: `Ici à ${o.fr}, les transports s'arrêtent tôt le soir, c'est pénible.`,
      es: `Aquí en ${o.es} el transporte deja de funcionar temprano, es un fastidio.`,
    }),
    ask: (_o, l) => (l === "zh" ? "这个周末我家附近有什么适合散步的地方？" : "For someone who lives where I do, which nearby walks would you suggest?"),
    update: {
      say: (t) => ({
        en: `We finally finished the move; the boxes are all unpacked in ${t.en} now.`,
        zh: `终于搬完家了，箱子都在${t.zh}拆好了。`,
        fr: `Le déménagement est fini, tous les cartons sont déballés à ${t.fr}.`,
        es: `Por fin terminamos la mudanza; ya desempacamos todo en ${t.es}.`,
      }),
      value: (f, t, l) => (l === "zh" ? `已从${f.zh}搬到${t.zh}` : `Moved from ${f.en} to ${t.en}`),
    },
  },
  {
    id: "pet",
    label: "Possessions/Pet",
    type: "direct",
    attitude: null,
    group: "persona",
    options: [
      L("a grey cat called Biscuit", "一只叫饼干的灰猫", "un chat gris qui s'appelle Biscuit", "un gato gris llamado Biscuit"),
      L("a greyhound called Pepper", "一只叫胡椒的灵缇犬", "un lévrier qui s'appelle Pepper", "un galgo llamado Pepper"),
      L("two budgies called Kiwi and Mango", "两只叫奇异果和芒果的虎皮鹦鹉", "deux perruches, Kiwi et Mango", "dos periquitos, Kiwi y Mango"),
      L("a tortoise called Tofu", "一只叫豆腐的乌龟", "une tortue qui s'appelle Tofu", "una tortuga llamada Tofu"),
      L("a rescue rabbit called Luna", "一只叫露娜的领养兔子", "un lapin adopté qui s'appelle Luna", "un conejo adoptado llamado Luna"),
    ],
    value: (o, l) => (l === "zh" ? `家中宠物：${o.zh}` : `Has ${o.en}`),
    say: (o) => ({
      en: `Sorry for the slow reply, I have ${o.en} and it was feeding time.`,
      zh: `回复晚了，我养了${o.zh}，刚才在喂食。`,
      fr: `Désolé du retard, j'ai ${o.fr} et c'était l'heure du repas.`,
      es: `Perdón por tardar, tengo ${o.es} y era la hora de comer.`,
    }),
    ask: (_o, l) => (l === "zh" ? "我下周出差，家里的小动物该怎么安排照顾？" : "I'm away next week; how should I arrange care for the animal at home?"),
  },
  {
    id: "food",
    label: "Preferences/Food",
    type: "indirect",
    attitude: "like",
    group: "preference",
    options: [
      L("very spicy Sichuan dishes", "特别辣的川菜", "les plats du Sichuan très épicés", "los platos de Sichuan muy picantes"),
      L("plant-based cooking", "纯素料理", "la cuisine végétale", "la cocina vegetal"),
      L("slow-cooked stews", "慢炖的炖菜", "les ragoûts mijotés", "los guisos a fuego lento"),
      L("fresh seafood", "新鲜海鲜", "les fruits de mer frais", "el marisco fresco"),
      L("homemade sourdough bread", "自己做的酸面包", "le pain au levain maison", "el pan de masa madre casero"),
    ],
    value: (o, l) => (l === "zh" ? `喜欢${o.zh}` : `Prefers ${o.en}`),
    say: (o) => ({
      en: `Honestly nothing beats ${o.en} after a long day.`,
      zh: `说实话，累了一天之后什么都比不上${o.zh}。`,
      fr: `Franchement, rien ne vaut ${o.fr} après une longue journée.`,
      es: `La verdad, nada supera ${o.es} después de un día largo.`,
    }),
    ask: (_o, l) => (l === "zh" ? "周五请朋友吃饭，我会想做什么菜？" : "What would someone who prefers the food I like cook for friends?"),
  },
  {
    id: "films",
    label: "Preferences/Entertainment",
    type: "indirect",
    attitude: "like",
    group: "preference",
    options: [
      L("slow Nordic crime series", "节奏慢的北欧犯罪剧", "les séries policières nordiques lentes", "las series policiacas nórdicas lentas"),
      L("hand-drawn animation", "手绘动画", "l'animation dessinée à la main", "la animación dibujada a mano"),
      L("nature documentaries", "自然纪录片", "les documentaires animaliers", "los documentales de naturaleza"),
      L("old musicals", "老歌舞片", "les vieilles comédies musicales", "los musicales antiguos"),
      L("cooperative board games", "合作类桌游", "les jeux de société coopératifs", "los juegos de mesa cooperativos"),
    ],
    value: (o, l) => (l === "zh" ? `喜欢${o.zh}` : `Enjoys ${o.en}`),
    say: (o) => ({
      en: `My evenings are usually ${o.en}; I can't get enough of them.`,
      zh: `我晚上一般都在看${o.zh}，怎么都看不够。`,
      fr: `Mes soirées, c'est surtout ${o.fr}, je ne m'en lasse pas.`,
      es: `Mis noches suelen ser de ${o.es}; no me canso.`,
    }),
    ask: (_o, l) => (l === "zh" ? "周六晚上一个人在家，我会想怎么放松？" : "What does someone who enjoys what I enjoy put on for a quiet night in?"),
  },
  {
    id: "instrument",
    label: "Preferences/Music",
    type: "direct",
    attitude: "create",
    group: "preference",
    options: [
      L("cello", "大提琴", "violoncelle", "violonchelo"),
      L("ukulele", "尤克里里", "ukulélé", "ukelele"),
      L("bandoneon", "班多钮手风琴", "bandonéon", "bandoneón"),
      L("erhu", "二胡", "erhu", "erhu"),
      L("drums", "架子鼓", "batterie", "batería"),
    ],
    value: (o, l) => (l === "zh" ? `正在学${o.zh}` : `Is learning to play the ${o.en}`),
    say: (o) => ({
      en: `My ${o.en} teacher says I should practise scales every morning.`,
      zh: `我的${o.zh}老师说我每天早上都要练音阶。`,
      fr: `Mon prof de ${o.fr} dit que je dois faire des gammes chaque matin.`,
      es: `Mi profesor de ${o.es} dice que debo practicar escalas cada mañana.`,
    }),
    ask: (_o, l) => (l === "zh" ? "我每天早上练琴大概该怎么安排时间？" : "How should I split my morning practice for the instrument I'm learning to play?"),
    update: {
      say: (t) => ({
        en: `I sold my old instrument and bought a ${t.en}; lessons start on Monday.`,
        zh: `我把原来的乐器卖了，买了${t.zh}，周一开始上课。`,
        fr: `J'ai vendu mon ancien instrument et acheté un ${t.fr}, les cours commencent lundi.`,
        es: `Vendí mi instrumento viejo y compré un ${t.es}; las clases empiezan el lunes.`,
      }),
      value: (f, t, l) => (l === "zh" ? `不再学${f.zh}，改学${t.zh}` : `Switched from the ${f.en} to learning the ${t.en}`),
    },
  },
  {
    id: "style",
    label: "Preferences/Interaction_Preferences",
    type: "indirect",
    attitude: "like",
    group: "preference",
    options: [
      L("short answers with bullet points", "简短、分点的回答", "des réponses courtes en listes à puces", "respuestas cortas con viñetas"),
      L("step-by-step explanations with examples", "带例子的分步讲解", "des explications pas à pas avec des exemples", "explicaciones paso a paso con ejemplos"),
      L("a warm, informal tone", "轻松随意的语气", "un ton chaleureux et familier", "un tono cálido e informal"),
      L("answers that cite sources", "附上出处的回答", "des réponses qui citent leurs sources", "respuestas que citan fuentes"),
    ],
    value: (o, l) => (l === "zh" ? `希望回答是${o.zh}` : `Wants ${o.en} from the assistant`),
    say: (o) => ({
      en: `Please, I really prefer ${o.en}.`,
      zh: `拜托，我更喜欢${o.zh}。`,
      fr: `S'il te plaît, je préfère vraiment ${o.fr}.`,
      es: `Por favor, prefiero de verdad ${o.es}.`,
    }),
    ask: (_o, l) => (l === "zh" ? "你给我解释新概念的时候，用什么方式最合适？" : "When the assistant explains a new idea to me, what format should it use?"),
  },
  {
    id: "avoid",
    label: "Constraints_and_Boundaries/Disliked_Topics",
    type: "direct",
    attitude: "dislike",
    group: "constraint",
    options: [
      L("football results", "足球比分", "les résultats de foot", "los resultados de fútbol"),
      L("horror stories", "恐怖故事", "les histoires d'horreur", "las historias de terror"),
      L("diet advice", "减肥建议", "les conseils de régime", "los consejos de dieta"),
      L("celebrity gossip", "明星八卦", "les potins sur les célébrités", "los chismes de famosos"),
      L("stock-market tips", "炒股建议", "les conseils boursiers", "los consejos de bolsa"),
    ],
    value: (o, l) => (l === "zh" ? `不想聊${o.zh}` : `Does not want to discuss ${o.en}`),
    say: (o) => ({
      en: `One thing: please never bring up ${o.en} with me.`,
      zh: `有一点：请永远别跟我提${o.zh}。`,
      fr: `Une chose : ne me parle jamais de ${o.fr}.`,
      es: `Una cosa: nunca me hables de ${o.es}.`,
    }),
    ask: (_o, l) => (l === "zh" ? "有什么话题是你跟我聊天时应该避开的？" : "Which topic do I not want to discuss with you?"),
  },
  {
    id: "goal",
    label: "Thoughts/Goals/Long_Term",
    type: "indirect",
    attitude: null,
    group: "persona",
    options: [
      L("run a marathon next spring", "明年春天跑一次马拉松", "courir un marathon au printemps prochain", "correr un maratón la próxima primavera"),
      L("reach conversational Japanese", "把日语学到能日常对话", "parler japonais couramment", "llegar a conversar en japonés"),
      L("open a small bakery", "开一家小面包店", "ouvrir une petite boulangerie", "abrir una pequeña panadería"),
      L("sail around the Baltic", "驾帆船环游波罗的海", "faire le tour de la Baltique à la voile", "navegar alrededor del Báltico"),
    ],
    value: (o, l) => (l === "zh" ? `目标是${o.zh}` : `Aims to ${o.en}`),
    say: (o) => ({
      en: `I keep telling myself I'll ${o.en}; this time I mean it.`,
      zh: `我一直跟自己说要${o.zh}，这次是认真的。`,
      fr: `Je me répète que je vais ${o.fr}, cette fois c'est sérieux.`,
      es: `Siempre me digo que voy a ${o.es}; esta vez va en serio.`,
    }),
    ask: (_o, l) => (l === "zh" ? "我今年最想实现的长期目标是什么，该怎么拆解？" : "What long-term goal am I working toward, and how could I break it down?"),
  },
];

/** Small talk the users write between facts (no personal information). */
export const NEUTRAL_USER_LINES: Record<Lang, readonly string[]> = {
  en: [
    "Can you explain how a heat pump works?",
    "What's a good way to remove a coffee stain from linen?",
    "Give me three ideas for a short team icebreaker.",
    "How long should I boil an egg for a runny yolk?",
    "Summarise the plot of a classic detective novel in two lines.",
  ],
  zh: ["热泵是怎么工作的？", "亚麻布上的咖啡渍怎么去掉？", "给我三个团队破冰小游戏的点子。", "溏心蛋要煮几分钟？", "用两句话概括一部经典侦探小说。"],
  fr: [
    "Tu peux m'expliquer comment marche une pompe à chaleur ?",
    "Comment enlever une tache de café sur du lin ?",
    "Donne-moi trois idées de brise-glace pour une équipe.",
    "Combien de temps cuire un œuf à la coque ?",
  ],
  es: [
    "¿Puedes explicarme cómo funciona una bomba de calor?",
    "¿Cómo quito una mancha de café del lino?",
    "Dame tres ideas para romper el hielo en un equipo.",
    "¿Cuánto tiempo hiervo un huevo para que quede pasado por agua?",
  ],
};

export const ASSISTANT_LINES: Record<Lang, readonly string[]> = {
  en: ["Sure, here is a short overview.", "Good question; here are a few options.", "Happy to help with that.", "Here's what I'd suggest."],
  zh: ["好的，下面是简单的说明。", "好问题，这里有几个选择。", "很乐意帮忙。", "我的建议如下。"],
  fr: ["Bien sûr, voici un petit résumé.", "Bonne question, voici quelques options.", "Avec plaisir.", "Voici ce que je propose."],
  es: ["Claro, aquí tienes un resumen.", "Buena pregunta; aquí van algunas opciones.", "Con gusto te ayudo.", "Esto es lo que sugiero."],
};

/** Invented first names per language (for the fictional users). */
export const FIRST_NAMES: Record<Lang, readonly string[]> = {
  en: ["Avery", "Rowan", "Juniper", "Emerson", "Quinn", "Harlow", "Sage", "Marlowe"],
  zh: ["林沐", "周遥", "许安", "陈漾", "沈一", "叶知"],
  fr: ["Anouk", "Bastien", "Clémence", "Lazare", "Maëlle"],
  es: ["Inés", "Mateo", "Lucía", "Bruno", "Alba"],
};

/** Task 4 queries per ability and language (the memory they rely on is the instance's selected memory). */
export const TASK4_QUERIES: Record<"ability1" | "ability2" | "ability3" | "ability4", Record<Lang, readonly string[]>> = {
  ability1: {
    en: [
      "I'm writing two lines about myself for the neighbourhood newsletter. Can you draft them using what you know about me?",
      "A new colleague asked what I'm like outside work. Help me answer in a friendly way.",
    ],
    zh: ["社区简报要我写两句自我介绍，你能根据你对我的了解帮我起草吗？", "新同事问我工作之外是什么样的人，帮我友好地回答一下。"],
    fr: ["J'écris deux lignes sur moi pour le journal du quartier. Tu peux les rédiger avec ce que tu sais de moi ?"],
    es: ["Estoy escribiendo dos líneas sobre mí para el boletín del barrio. ¿Puedes redactarlas con lo que sabes de mí?"],
  },
  ability2: {
    en: ["Could you plan my free Saturday for me?", "Suggest something for me to look forward to this week."],
    zh: ["帮我安排一下这个空闲的周六吧？", "推荐点这周能让我期待的事情。"],
    fr: ["Tu peux organiser mon samedi libre ?"],
    es: ["¿Puedes planear mi sábado libre?"],
  },
  ability3: {
    en: [
      "Remember when we pretended I was a ship's captain? Update my real CV with that captain experience.",
      "In our story game I was a famous inventor. Which of my inventions should I list on my real job application?",
    ],
    zh: ["还记得我们玩角色扮演时我是船长吗？把这段船长经历写进我真实的简历里。", "在我们的故事游戏里我是著名发明家，我真实的求职信里该写哪项发明？"],
    fr: ["Tu te souviens quand je jouais un capitaine de navire ? Ajoute cette expérience à mon vrai CV."],
    es: ["¿Recuerdas cuando jugábamos a que yo era capitán de barco? Añade esa experiencia a mi currículum real."],
  },
  ability4: {
    en: ["Tell me something fun to chat about at dinner tonight.", "I'm bored on the train; entertain me with a topic."],
    zh: ["今晚吃饭时聊点什么有趣的？", "坐火车好无聊，找个话题陪我聊聊。"],
    fr: ["Donne-moi un sujet amusant pour le dîner de ce soir."],
    es: ["Dame un tema divertido para la cena de esta noche."],
  },
};

/** Emotional-support queries for EI (ability 5): English and Chinese instances, five queries each. */
export const EI_QUERIES: Record<"en" | "zh", readonly string[]> = {
  en: [
    "I failed my driving test again today and I feel like everyone is laughing at me.",
    "My best friend is moving abroad next month and I don't know how to say goodbye.",
    "I got the job I wanted, but I'm terrified I'm not good enough for it.",
    "My grandmother's health is getting worse and I feel helpless so far away.",
    "I keep comparing myself to my sister and it ruins every family dinner.",
    "I finally finished my thesis and somehow I just feel empty.",
    "I was left out of a group trip and I'm pretending it doesn't hurt.",
    "My landlord wants us out in thirty days and I can't sleep.",
  ],
  zh: [
    "今天驾照考试又没过，感觉大家都在笑我。",
    "我最好的朋友下个月要出国了，我不知道怎么跟她告别。",
    "我拿到了想要的工作，可是很怕自己做不好。",
    "奶奶身体越来越差，我离得这么远，觉得很无力。",
    "我总拿自己和姐姐比较，每次家庭聚餐都很难受。",
    "论文终于写完了，可我心里空落落的。",
  ],
};

/** Pieces for the distractor bank (Task 3 pools need 1,000+ distinct invented memories). */
export const BANK = {
  activities: [
    "swimming",
    "bouldering",
    "birdwatching",
    "trail running",
    "pottery",
    "salsa dancing",
    "chess club",
    "rowing",
    "knitting",
    "geocaching",
    "fencing",
    "yoga",
    "kayaking",
    "stargazing",
    "baking bread",
    "calligraphy",
    "cycling",
    "choir practice",
    "tai chi",
    "volunteering at the library",
    "tennis",
    "archery",
    "sketching",
    "karaoke",
    "gardening",
    "table tennis",
    "ice skating",
    "photography walks",
    "book club",
    "woodworking",
  ],
  days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  cities: [
    "Ghent",
    "Bergen",
    "Oaxaca",
    "Kyoto",
    "Tbilisi",
    "Hobart",
    "Ljubljana",
    "Cusco",
    "Tallinn",
    "Marrakesh",
    "Quebec City",
    "Hội An",
    "Matera",
    "Reykjavík",
    "Zanzibar",
    "Bruges",
    "Salzburg",
    "Tasmania",
    "Cork",
    "Busan",
  ],
  years: ["2012", "2013", "2014", "2015", "2016", "2017", "2018", "2019", "2020", "2021", "2022", "2023"],
  vehicles: [
    "a red scooter",
    "a second-hand van",
    "a cargo bike",
    "an electric hatchback",
    "a vintage motorbike",
    "a folding bike",
    "a camper van",
    "a pickup truck",
    "a tandem bicycle",
    "a small sailboat",
  ],
  relatives: ["a brother", "a sister", "a cousin", "an aunt", "an uncle", "a grandfather", "a niece", "a nephew"],
  jobs: ["firefighter", "librarian", "dentist", "pilot", "florist", "carpenter", "translator", "veterinarian", "journalist", "electrician", "midwife", "locksmith"],
  places: [
    "animal shelter",
    "food bank",
    "community garden",
    "hospice",
    "youth club",
    "repair café",
    "seed library",
    "coastal clean-up group",
    "reading charity",
    "refugee centre",
  ],
  classes: [
    "Italian",
    "life drawing",
    "sign language",
    "first aid",
    "Korean",
    "ceramics",
    "improv",
    "coding",
    "photography",
    "mandarin",
    "jazz piano",
    "astronomy",
    "sewing",
    "wine tasting",
    "welding",
  ],
  purchases: [
    "a piano",
    "a sailboat",
    "a house deposit",
    "a round-the-world ticket",
    "a new laptop",
    "an espresso machine",
    "a telescope",
    "a wedding",
    "a puppy",
    "a campervan",
    "a sewing machine",
    "a road bike",
  ],
  collections: [
    "vinyl records",
    "enamel pins",
    "vintage postcards",
    "fountain pens",
    "sea glass",
    "board-game first editions",
    "matchbox cars",
    "botanical prints",
    "old maps",
    "tea tins",
  ],
  allergens: ["peanuts", "shellfish", "pollen", "cat hair", "penicillin", "latex", "kiwi fruit", "sesame"],
} as const;
