// The 18 runs plotted in the PersonalLLM paper's main results figure (Zollo, Siah et al., PersonalLLM: Tailoring
// LLMs to Individual Preferences, ICLR 2025), transcribed from the authors' repository namkoong-lab/Private_PersonalLLM
// @0fd9a3c (code Apache-2.0): the headline figures from its plotted-runs table, each run's mean z per reward model
// from the logged run it was plotted from. Reported figures only (no evaluation data): seeded on every start
// (lib/benchmarks/personalllm/db/seed-paper-runs.ts) so a plain `npm start` shows the paper's rows; importing the
// authors' csv files (`alpsbench import --from <folder>`) writes the same ids with the same values.
import type { ReportedRun } from "@/lib/benchmarks/personalllm/reported-runs";
import { REWARD_ALIASES } from "@/lib/benchmarks/personalllm/reward-models";

type Row = {
  run: [
    setting: "setting1" | "setting2",
    algorithm: string,
    shots: number,
    responsesToInclude: string,
    userEmbeddingType: string | null,
    totalScore: number,
    winRateVsBest: number,
    winRateVsGpt4o: number,
    csvStamp: string,
    loggedAt: string,
  ];
  /** in REWARD_ALIASES order */
  meanZ: number[];
};

const ROWS: Row[] = [
  {
    run: ["setting1", "ZeroShotAlgorithm", 0, "none", null, -1.0508, 3.9, 8, "2024-08-15-09-55", "2024-08-15 10:14:16"],
    meanZ: [
      -0.2358073451357341, -1.2491892699084288, -1.116634142038898, -1.178017428566518, -1.1996044278480986, -1.6102398869298324, -1.4639587343277105,
      -0.8766063834226508, -1.0231780482745787, -0.8180683019125676,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 1, "winning_only", null, -0.5176, 9.6, 17.7, "2024-08-15-11-23", "2024-08-15 11:53:12"],
    meanZ: [
      -0.0537911549222867, -0.6249132579885149, -0.4663326379971664, -0.5099496904837715, -0.474183380063532, -0.6730463239894457, -0.6470920382125087,
      -0.4961744149254464, -0.6841549520337753, -0.7012046877434434,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 1, "winning_and_losing", null, -0.5141, 11, 17.8, "2024-08-15-11-53", "2024-08-15 12:23:55"],
    meanZ: [
      0.0664402978273072, -0.6836872654352522, -0.5003153420240596, -0.5263044453820144, -0.5149750733110621, -0.7090511531303366, -0.6905488775622105,
      -0.5719418683060933, -0.662542948246556, -0.6148448841590568,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 5, "winning_only", null, -0.1729, 15, 24.4, "2024-08-15-15-07", "2024-08-15 15:57:01"],
    meanZ: [
      0.0451564328531273, -0.2086688463264222, -0.2003787128841694, -0.2090786778244515, -0.1906155082765263, -0.3237855680605521, -0.3742482533776092,
      -0.3071627889779804, -0.2772499930589589, -0.123990654903203,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 5, "winning_and_losing", null, -0.2921, 13.9, 22, "2024-08-15-15-57", "2024-08-15 16:49:00"],
    meanZ: [
      0.1775309042595174, -0.4117108461968987, -0.3508694453100513, -0.3045337344232838, -0.3489405746289274, -0.4285811601603555, -0.5177436983406142,
      -0.3755503047452085, -0.3688330962155899, -0.2377431475723173,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 3, "losing_as_winning_only", null, -0.6155, 8.5, 15, "2024-08-20-13-25", "2024-08-20 13:56:56"],
    meanZ: [
      0.3471432491683458, -0.8631078068600571, -0.7583240256622005, -0.7654524212248901, -0.7772028799721383, -0.9585895537441044, -0.9814042378863584,
      -0.6157485066025836, -0.6255577970675377, -0.4611298981033726,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 3, "winning_only", null, -0.2322, 14.8, 24.5, "2024-08-20-13-57", "2024-08-20 14:32:06"],
    meanZ: [
      0.0122638692518053, -0.2538329500227779, -0.2089804521778173, -0.2384002519456795, -0.2527949745165194, -0.3468987324057258, -0.3879945665011542,
      -0.4141553753395503, -0.3351358051166106, -0.2326525346535341,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 3, "winning_and_losing", null, -0.3058, 13.1, 22, "2024-08-20-14-32", "2024-08-20 15:08:20"],
    meanZ: [
      0.1601899181137542, -0.3943484265691436, -0.3333225466514199, -0.3097878219240949, -0.3600212039582818, -0.4416884073295276, -0.5115774741621821,
      -0.4973573414386363, -0.4120253732972778, -0.2976021599573304,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 3, "losing_only", null, -0.4985, 9.5, 16.3, "2024-08-20-15-08", "2024-08-20 15:41:18"],
    meanZ: [
      0.3570961324081144, -0.7150918311298545, -0.5981085027874095, -0.5875953674172584, -0.6247480865904219, -0.7427572454598579, -0.8200518624064087,
      -0.562943800359815, -0.5594195146766863, -0.2615075999078745,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 1, "losing_only", null, -0.9379, 5.6, 10.7, "2024-08-20-16-17", "2024-08-20 16:41:18"],
    meanZ: [
      0.1800739668456686, -1.3040317368558985, -0.981709093388818, -0.9838427281658736, -1.002016690473496, -1.372984251695967, -1.2366150356870114,
      -0.770584830910189, -1.1948629727381497, -0.8568913894214611,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 1, "losing_as_winning_only", null, -0.9962, 7, 11.1, "2024-08-20-16-41", "2024-08-20 17:05:51"],
    meanZ: [
      0.2267278900912342, -1.2938202910586407, -1.06390206425099, -1.0893050945304512, -1.0797237252924237, -1.4765628619326976, -1.3352289181760917,
      -0.7518485878384797, -1.1063360307952834, -1.0255996386633526,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 5, "losing_only", null, -0.4475, 10, 17.3, "2024-08-20-17-06", "2024-08-20 17:47:00"],
    meanZ: [
      0.3753789912409147, -0.6633895848841335, -0.5681054180026365, -0.5412116093446228, -0.6013249908631546, -0.6936963744030773, -0.7894715662033422,
      -0.4854337719506856, -0.5188912972180264, -0.2338664106958921,
    ],
  },
  {
    run: ["setting1", "KShotICLAlgorithm", 5, "losing_as_winning_only", null, -0.5556, 9.7, 15.6, "2024-08-20-17-47", "2024-08-20 18:27:43"],
    meanZ: [
      0.35584568448132126, -0.8234925060369931, -0.7118690061685775, -0.727242312315454, -0.7116611115247105, -0.8827065933746717, -0.9207110805311048,
      -0.4990822714457181, -0.538820294722123, -0.33828927560400357,
    ],
  },
  {
    run: ["setting2", "MetaLearnKShotICLAlgorithm", 3, "winning_only", "winning", -0.402, 11, 18.9, "2024-08-15-21-25", "2024-08-15 21:54:20"],
    meanZ: [
      0.1351354765883794, -0.5734265377350303, -0.4656418593455756, -0.4064323826239279, -0.4348975577531966, -0.601836293287965, -0.6115284529008493,
      -0.4136585173740964, -0.5225563800155321, -0.3197432756707631,
    ],
  },
  {
    run: ["setting2", "MetaLearnKShotICLAlgorithm", 3, "winning_only", "losing", -0.3711, 10.3, 18.5, "2024-08-16-01-24", "2024-08-16 01:47:59"],
    meanZ: [
      0.098895534633847, -0.4921842349063464, -0.4122463604230686, -0.3625081622920865, -0.372640323221633, -0.5537481565904856, -0.5528861336569824,
      -0.5016488753331525, -0.5034165099972423, -0.3153959708018036,
    ],
  },
  {
    run: ["setting2", "MetaLearnKShotICLAlgorithm", 3, "winning_only", "win_minus_lose", -0.3186, 13.1, 21.9, "2024-08-16-05-31", "2024-08-16 05:56:24"],
    meanZ: [
      0.117627128995714, -0.4752032679135941, -0.3929490094500437, -0.3566877461977999, -0.3824970788030774, -0.5462401534983287, -0.5571523516805655,
      -0.3568162629887415, -0.4705226592036789, -0.2443425680169883,
    ],
  },
  {
    run: ["setting2", "SelfKShotICLAlgorithm", 3, "winning_only", null, -0.3462, 12.6, 20.4, "2024-08-15-11-45", "2024-08-15 12:06:20"],
    meanZ: [
      0.1967556990908658, -0.4904249929881235, -0.4201277460698577, -0.3870798119835165, -0.4384149092854428, -0.5783074432957265, -0.6095917700463388,
      -0.3615390706735442, -0.4805965822913886, -0.2199617618040263,
    ],
  },
  {
    run: ["setting2", "ZeroShotAlgorithm", 0, "none", null, -1.0508, 3.9, 8, "2024-08-15-09-34", "2024-08-15 09:53:34"],
    meanZ: [
      -0.2358073451357341, -1.2491892699084288, -1.116634142038898, -1.178017428566518, -1.1996044278480986, -1.6102398869298324, -1.4639587343277105,
      -0.8766063834226508, -1.0231780482745787, -0.8180683019125676,
    ],
  },
];

// All were generated by Llama 3 8B, and the meta-learning ones retrieve 5 similar users; ids count the runs of each
// setting from 1, as the importer numbers the plotted csv's rows.
const counters = { setting1: 0, setting2: 0 };
export const PERSONALLLM_PAPER_RUNS: readonly Omit<ReportedRun, "source">[] = ROWS.map(({ run, meanZ }) => {
  const [setting, algorithm, shots, responsesToInclude, userEmbeddingType, totalScore, winRateVsBest, winRateVsGpt4o, csvStamp, loggedAt] = run;
  const meta = algorithm.includes("MetaLearn");
  return {
    id: `paper-${setting}-${++counters[setting]}`,
    setting,
    algorithm,
    shots,
    responsesToInclude,
    userEmbeddingType,
    nSimilarUsers: meta ? 5 : null,
    generator: "meta-llama/Meta-Llama-3-8B-Instruct",
    totalScore,
    winRateVsBest,
    winRateVsGpt4o,
    meanZ: Object.fromEntries(REWARD_ALIASES.map((a, i) => [a, meanZ[i]!])),
    csvOutput: `scores/score_df_${algorithm}_${csvStamp}.csv`,
    metaLearningDataset: meta ? "andrewsiah/MetaLearningPairwisePrefDB_Argmax_1000" : null,
    loggedAt,
  };
});
