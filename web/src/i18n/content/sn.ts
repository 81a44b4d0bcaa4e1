/** Tsoro's tips, questions and lessons in Shona. Machine-assisted, not yet checked by a native speaker. */
import type { ContentFor } from "./types.js";

export const CONTENT_SN: ContentFor<"sn"> = {
  reviewed: false,
  captureDiagram: undefined,
  general: {
    playingHeading: "Kutamba pamudziyo uyu",
    playing: [
      "Maburi ako anopenya kana yava nguva yako. Bata rimwe kuti uridyare, kana kuti dzvanya wotsvedza pamusoro pemaburi ako: denderedzwa remadotsi rinoratidza panowira mhodzi yekupedzisira; simudza munwe wako kuti udyare.",
      "Nekhibhodi, shandisa Tab kuenda kuburi rinopenya (denderedzwa rinoratidza panowira), famba pakati pemaburi ako nemabhatani emiseve wodzvanya Enter kuti udyare; kana kuti dzvanya nhamba yeburi (1–9, yakaverengwa pamutsara wako). P inomisa, U inodzosa, H inokumbira zano.",
      "Nhamba dziri padivi peburi roga roga nedura. Ruoko runotakura mhodzi, nenhamba yedzichiri muruoko; mhodzi dzatorwa dzinobhururukira kudura ne+n; dotsi dzvuku rinoratidza buri rakadyarwa pakufamba kwekupedzisira.",
      "Mira inomisa mutambo, Dzosa inodzosa kufamba kwako kwekupedzisira kana uchitamba nekombiyuta, Zano rinokurudzira kufamba, Menyu inochengeta yobuda. Mureza unokanda mapfumo pasi mumutambo (kana, munhevedzano, munhevedzano yese).",
      "Nhevedzano: pasi pe Nhevedzano sarudza akanyanya pa3, 5 kana 7. Mutambi anotanga kukunda mitambo mizhinji ndiye anoitora (2 pa3, 3 pa5, 4 pa7). Vatambi vanochinjana kutanga mutambo wega wega, uye zvibodzwa zvinoratidzwa pamusoro pebhodhi.",
      "Mutambo wega wega unochengetwa mushure mekufamba kwega kwega: uenderere mberi kubva pa Enderera mberi.",
    ],
    levelsHeading: "Madanho ekombiyuta",
  },
  games: {
    tsoro: {
      tipsHeading: "Mazano ekutamba",
      tips: [
        "Chengeta mutsara wako wepamusoro usina chinhu kana uchikwanisa: muvengi wako anongokusvikira nawo chete.",
        "Verenga kuenderera usati wadyara: kufamba kumwe kunogona kuenda kure, saka tevera nhevedzano uone panoperera chaipo.",
        "Mhodzi imwe chete inofambawo: buri rine mhodzi imwe rinotora nhanho pfupi, chaiyo, inogona kugadzirira kutora panguva inotevera.",
        "Muna Anokunda Anotora Zvese, kutora kwakare kudyara kutsva: verenga panoperera mhodzi dzatorwa kuti uwane nhevedzano.",
      ],
      faqHeading: "Mibvunzo inowanzobvunzwa",
      faq: [
        [
          "Sei mhodzi dzangu dzakaramba dzichienda?",
          "Mhodzi yekupedzisira yakawira muburi raitova nemhodzi, saka buri iroro rakasimudzwa rikadyarwa zvakare: kuenderera.",
        ],
        [
          "Sei pasina kutora pamutsara wangu wepamusoro?",
          "Buri repamusoro remuvengi wako rakatarisana nerako raiva risina chinhu, kana kuti buri rawakawira raiva risina chinhu mhodzi yako isati yawira.",
        ],
        [
          "Ndeapi maburi anotorwa?",
          "Buri repamusoro remuvengi rakatarisana nerako, neburi repasi riri shure kwaro, mukoramu imwe chete.",
        ],
      ],
      lessons: {
        "tsoro-relay": {
          title: "Kudyara uchienderera",
          prompt:
            "Tsoro Classic, maburi 4 pamutsara. Maburi ako akaverengwa nenhevedzano yekudyara. Dyara mhodzi 2 kubva muburi 1, buri riri kuruboshwe pamutsara wako wepasi.",
          question: "Ruoko ruchasimudza mhodzi kangani?",
          choices: ["1", "2", "3"],
          answer:
            "Mhodzi mbiri dzinowira mumaburi 2 ne3. Buri 3 raitova nemhodzi, saka rinosimudzwa (rava ne2) rodyarwa zvakare: kuenderera. Mhodzi yaro yekupedzisira inowira muburi 5, buri risina chinhu pamutsara wako wepamusoro, kufamba kwopera: kusimudza kaviri.",
        },
        "tsoro-capture": {
          title: "Tora mhiri kwebhodhi",
          prompt:
            "Dyara mhodzi 2 kubva muburi 4, buri riri kurudyi pamutsara wako wepasi. Dzinokwira kumutsara wako wepamusoro.",
          question: "Uchatora mhodzi ngani?",
          choices: ["0", "3", "5", "7"],
          answer:
            "Mhodzi yekupedzisira inowira muburi 6, pamutsara wako wepamusoro, raitova nemhodzi. Buri repamusoro remuvengi rakatarisana naro rine 3, saka unoritora pamwe neburi repasi riri shure kwaro (2): mhodzi 5 dzinobva pabhodhi dzoverengerwa iwe, uye nguva yako yapera.",
        },
        "tsoro-take": {
          title: "Tora wodyara mberi",
          prompt:
            "Anokunda Anotora Zvese, maburi 4 pamutsara. Dyara mhodzi 2 kubva muburi 4, buri riri kurudyi pamutsara wako wepasi.",
          question: "Uchava nemhodzi ngani kana kufamba kwapera?",
          choices: ["5", "8", "10", "12"],
          answer:
            "Unowira muburi 6, pamutsara wako wepamusoro, muburi rine mhodzi, rakatarisana neburi repamusoro rine 3. Unoritora pamwe neburi riri shure kwaro (2) wodyara mhodzi idzodzo 5 kubva muburi 7. Yekupedzisira inowira muburi risina chinhu, saka kufamba kunomira: iye zvino une mhodzi 10.",
        },
      },
    },
  },
};
