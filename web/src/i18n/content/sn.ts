/** Every game's tips, questions and lessons in Shona. Machine-assisted; the review state of each text is in i18n/review. */
import type { ContentTranslation } from "./types.js";

export const CONTENT_SN: ContentTranslation = {
  captureDiagram: {
    summary: "Ona mufananidzo wekutora",
    before: "Usati wafamba, gomba 6 rine {from}, uye makomba 7, 8 ne9 ane {a}, {b} ne{c}.",
    sown: "Kudyara mhodzi 3 kubva mugomba 6 kunoshandura makomba 7–9 kuva {a}, {b} ne{c}: bhodhi rinoratidza nguva iyi, gomba 6 risina chinhu (dotsi dzvuku) uye mhodzi yekupedzisira iri mugomba 9 (denderedzwa remadotsi). Kutora kwobva kwadzokera shure kubva pagomba 9 kugombakidza nemakomba 8 ne7. Mhodzi dzatorwa: {captured}.",
    top: "Mutambi wechipiri · dyara kubva kurudyi kuenda kuruboshwe",
    bottom: "Mutambi wekutanga · dyara kubva kuruboshwe kuenda kurudyi",
    note: "Gomba 6 rinoenderera kugomba 7. Gomba 12 rinodzokera kugomba 1.",
  },
  general: {
    playingHeading: "Kutamba pamudziyo uyu",
    playing: [
      "Makomba ako anopenya kana yava nguva yako. Bata rimwe kuti uridyare, kana kuti dzvanya wotsvedza pamusoro pemakomba ako: denderedzwa remadotsi rinoratidza panowira mhodzi yekupedzisira; simudza munwe wako kuti udyare.",
      "Nhamba dziri padivi pegomba roga roga nedura. Ruoko runotakura mhodzi, nenhamba yedzichiri muruoko; mhodzi dzatorwa dzinobhururukira kudura ne+n; dotsi dzvuku rinoratidza gomba rakadyarwa pakufamba kwekupedzisira.",
      "Mira inomisa mutambo kwechinguva, Dzosa inodzosa kufamba kwako kwekupedzisira kana uchitamba nekombiyuta, Zano rinokurudzira kufamba, Menyu inochengeta yobuda. Mureza unokanda mapfumo pasi mumutambo; munhevedzano unokubvunza kana uri mutambo uyu chete kana nhevedzano yese.",
      "Nhevedzano: pasi pe Nhevedzano sarudza nhevedzano yemitambo 3, 5 kana 7. Mutambi anotanga kukunda mitambo mizhinji ndiye anoitora (2 pa3, 3 pa5, 4 pa7). Vatambi vanochinjana kutanga mutambo wega wega, uye zvibodzwa zvinoratidzwa pamusoro pebhodhi.",
      "Mutambo wega wega unochengetwa mushure mekufamba kwega kwega: uenderere mberi kubva pa Enderera mberi.",
    ],
    levelsHeading: "Madanho ekombiyuta",
  },
  games: {
    tsoro: {
      playing: [],
      keyboard:
        "Nekhibhodi, shandisa Tab kuenda kuburi rinopenya (denderedzwa rinoratidza panowira), famba pakati pemaburi ako nemabhatani emiseve wodzvanya Enter kuti udyare; kana kuti dzvanya nhamba yeburi (1–9: maburi ako akaverengwa zvichienderana nekudyara, kubva kuruboshwe kwemutsara wako wepasi kuenda pamutsara wepamusoro). P inomisa, U inodzosa, H inokumbira zano.",
      tipsHeading: "Mazano ekutamba",
      tips: [
        "Chengeta mutsara wako wepamusoro usina chinhu kana uchikwanisa: mukwikwidzi wako anongokusvikira nawo chete.",
        "Verenga kuenderera usati wadyara: kufamba kumwe kunogona kuenda kure, saka tevera cheni uone panoperera chaipo.",
        "Mhodzi imwe chete inofambawo: buri rine mhodzi imwe rinotora nhanho pfupi, chaiyo, inogona kugadzirira kutora panguva inotevera.",
        "Muna Anokunda Anotora Zvese, kutora kwakare kudyara kutsva: verenga panoperera mhodzi dzatorwa kuti uwane cheni.",
      ],
      faqHeading: "Mibvunzo inowanzobvunzwa",
      faq: [
        [
          "Sei mhodzi dzangu dzakaramba dzichienda?",
          "Mhodzi yekupedzisira yakawira muburi raitova nemhodzi, saka buri iroro rakasimudzwa rikadyarwa zvakare: kuenderera.",
        ],
        [
          "Sei pasina kutora pamutsara wangu wepamusoro?",
          "Buri repamusoro remukwikwidzi wako rakatarisana nerako raiva risina chinhu, kana kuti buri rawakawira raiva risina chinhu mhodzi yako isati yawira.",
        ],
        [
          "Ndeapi maburi anotorwa?",
          "Buri repamusoro remukwikwidzi rakatarisana nerako, neburi repasi riri shure kwaro, mukoramu imwe chete.",
        ],
      ],
      lessons: {
        "tsoro-relay": {
          title: "Kudyara uchienderera",
          prompt:
            "Tsoro yechinyakare, maburi 4 pamutsara. Maburi ako akaverengwa zvichienderana nekudyara. Dyara mhodzi 2 kubva muburi 1, buri riri kuruboshwe pamutsara wako wepasi.",
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
            "Mhodzi yekupedzisira inowira muburi 6, pamutsara wako wepamusoro, raitova nemhodzi. Buri repamusoro remukwikwidzi rakatarisana naro rine 3, saka unoritora pamwe neburi repasi riri shure kwaro (2): mhodzi 5 dzinobva pabhodhi dzoverengerwa iwe, uye nguva yako yapera.",
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
    togyz: {
      playing: [
        "Makomba ako mapfumbamwe ndiwo mutsara uri pedyo newe; makazan, panochengetwa matombo akatorwa, ari kumicheto, rako riri kurudyi. Parunhare rwakamira, bhodhi rinotendeuka kuti rikwane pachiratidziri: mutsara wako uri kuruboshwe uye kazan yako iri pasi.",
        "Tuzdyk inoratidzwa nenyeredzi: chena ndeyako, yegoridhe ndeyemukwikwidzi wako. Dombo rinowira mutuzdyk rinobhururukira zvakananga kukazan yemuridzi wayo, uye «TUZDYK!» inoziviswa kana imwe yaitwa.",
        "Mutsara wezvibodzwa kumusoro unoratidza kuti divi rimwe nerimwe rine matombo mangani mukazan yaro uye kuti inguva yaani.",
        "Pakupedzisira mhedzisiro inoratidza matombo akaunganidzwa nedivi rimwe nerimwe, kuwanda kwekufamba uye kuti mutambo wakapera sei, pamwe nezvawakaita pachikamu ichocho chekombiyuta: kukunda, kukundwa, kuenzana, chiyero chekukunda, kukunda kwakatevedzana kwazvino uye kwakanyanya.",
      ],
      keyboard:
        "Nekhibhodi, shandisa Tab kuenda kugomba rinopenya (denderedzwa rinoratidza panowira dombo rekupedzisira), famba pakati pemakomba ako nemabhatani emiseve wodzvanya Enter kuti udyare; kana kuti dzvanya nhamba yegomba (1–9, yakaverengwa pamutsara wako kubva kuruboshwe). P inomisa, U inodzosa, H inokumbira zano.",
      tipsHeading: "Mazano ekutamba",
      tips: [
        "Verenga panowira dombo rekupedzisira. Gomba rine matombo n (anopfuura rimwe) rinopedzisira pamakomba n − 1 mberi, nekuti dombo rekutanga rinodzokera mariri. Usati wafamba, tsvaga kuti ndeapi makomba ako anopedzisira mugomba remukwikwidzi rine nhamba isingagoverwi nembiri: kufamba ikoko kunotora.",
        "Chenjerera makomba ane nhamba isingagoverwi nembiri aunosiya shure kwako. Mukwikwidzi wako anotora nekuita kuti rimwe remakomba ako rive nenhamba inogoverwa nembiri, saka gomba rakadaro rakachengeteka chete pakudyara kunorisiya zvakadaro (kunoisa matombo maviri mariri pakutenderera). Tarisa kuti gomba rimwe nerimwe remukwikwidzi rinogona kusvika kupi usati wafamba.",
        "Tsvaga maviri: gomba remukwikwidzi rine matombo maviri rinogona kuva tuzdyk yako kana rimwe remakomba ako rikapedzisira ipapo. Maviri ari kudivi rako ndiyo njodzi.",
        "Tora tuzdyk nekukurumidza uye pedyo nekutanga kwemutsara wemukwikwidzi: kudyara kwakawanda kunopfuura napo, uye inokupa matombo mutambo wese. Iri pedyo nekupera kwemutsara wavo inopa zvishoma.",
        "Rangarira mutemo wenhamba: kana mukwikwidzi wako ava netuzdyk, gomba rine nhamba imwe chete kudivi rake haringavi tuzdyk yako. Ronga tuzdyk yako uchizviziva, uye dzimwe nguva tanga watora yako kuti uvharire gomba rinodiwa nemukwikwidzi.",
        "Vaka gomba guru: gomba rine matombo makumi maviri kana kupfuura rinotenderera bhodhi rese uye rinogona kupedzisira paunoda. Kana rachengetwa kusvika nguva yakakodzera, rinotora zvisingakwanisi kudziviswa nemukwikwidzi.",
        "Pakupedzisira chengeta matombo kudivi rako: kana mukwikwidzi wako apererwa nekufamba, zvasara kudivi rako ndezvako.",
      ],
      faqHeading: "Mibvunzo inowanzobvunzwa",
      faq: [
        [
          "Sei gomba rangu raiva nedombo rimwe risina kusara nedombo?",
          "Dombo rimwe chete rinoenda kugomba rinotevera. Gomba rine matombo maviri kana kupfuura chete ndiro rinodzosera dombo rekutanga pariri kutangira.",
        ],
        [
          "Sei matombo matatu asina kuva tuzdyk yangu?",
          "Waitova neimwe, kana kuti raiva gomba repfumbamwe remukwikwidzi, kana kuti raiva nenhamba yakafanana neye tuzdyk yake kudivi rako. Matombo anobva asara paari.",
        ],
        [
          "Dombo rinowira mutuzdyk rinoenda kupi?",
          "Zvakananga kukazan yemuridzi wetuzdyk, pasinei nekuti ndiani akaridyara. Unoriona richibhururukira ikoko.",
        ],
        [
          "Mutambo unogona kupera wakaenzana here?",
          "Hongu: makazan ese ari pa81, kana makazan akaenzana mushure meatsyz.",
        ],
      ],
      lessons: {
        "togyz-even": {
          title: "Iita nhamba inogoverwa nembiri",
          prompt:
            "Gomba rako 7 rine matombo 5. Rekutanga rinodzokera mugomba 7, saka rekupedzisira rinowira makomba 4 mberi.",
          question: "Uchatora matombo mangani?",
          choices: ["Hapana", "9", "10", "11"],
          answer:
            "Matombo anopinda mumakomba ako 7, 8, 9, wozoenda mumakomba emukwikwidzi 1 ne2. Gomba rake 2 rinobva pa9 kuenda pa10, nhamba inogoverwa nembiri, saka unotora ese 10.",
        },
        "togyz-tuzdyk": {
          title: "Tora tuzdyk",
          prompt: "Gomba remukwikwidzi 2 rine matombo maviri. Gomba rako 9 rine 3.",
          question: "Chii chichaitika pagomba remukwikwidzi 2?",
          choices: ["Rinova tuzdyk yako", "Unoritora segomba rine nhamba inogoverwa nembiri", "Hapana"],
          answer:
            "Gomba 9 rinosara nedombo rimwe rotumira maviri mberi: kumakomba emukwikwidzi 1 ne2. Gomba 2 rava nematombo 3 chaiwo, saka rinova tuzdyk yako: matombo 3 anoenda mukazan yako, uye dombo rimwe nerimwe rinozowira ipapo nderako.",
        },
        "togyz-ninth": {
          title: "Gomba repfumbamwe harimbovi tuzdyk",
          prompt:
            "Gomba rako 9 rine matombo 10; rekupedzisira rinosvika pagomba remukwikwidzi 9, rekupedzisira mutsara wako usati watanga, rine 2.",
          question: "Gomba rake 9 richava tuzdyk yako here?",
          choices: ["Hongu", "Kwete: matombo matatu anosara"],
          answer:
            "Dombo rekupedzisira rinoita kuti gomba rake 9 rive ne3, asi gomba repfumbamwe harimbovi tuzdyk. Matatu haagoverwi nembiri, saka hapana chinotorwa: matombo anosara paari.",
        },
      },
    },
    ayo: {
      playing: [],
      keyboard:
        "Nekhibhodi, shandisa Tab kuenda kugomba rinopenya (denderedzwa rinoratidza panowira), famba pakati pemakomba ako nemabhatani emiseve wodzvanya Enter kuti udyare; kana kuti dzvanya nhamba yegomba (1–6, yakaverengwa pamutsara wako zvichienderana nekudyara). P inomisa, U inodzosa, H inokumbira zano.",
      tipsHeading: "Mazano ekutamba",
      tips: [
        "Nanga makomba emukwikwidzi ane 1 kana 2: mhodzi yako yekupedzisira inoaita 2 kana 3.",
        "Ronga cheni: makomba akatevedzana ane 1–2 ari shure kwegomba raunowira anotorwa ese pamwe chete.",
        "Tarisa mhinduro: kufamba kunotora 2 asi kuchibvumira mukwikwidzi kutora 7 kunokudzosera shure. Usati wadyara, tarisa makomba ako ane 1 kana 2 uverenge kana mukwikwidzi achikwanisa kuasvika.",
        "Kutanga kwakachengeteka hakusiyi makomba ako ane 1 kana 2: pabhodhi idzva, gomba 1 rinoita kuti makomba 2–5 ave neshanu imwe neimwe.",
      ],
      faqHeading: "Mibvunzo inowanzobvunzwa",
      faq: [
        [
          "Sei gomba rine mhodzi 2 risina kutorwa?",
          "Cheni inotangira panowira mhodzi yako yekupedzisira chete ndiyo inogona kutora, uye kudivi remukwikwidzi chete. 2 kana 3 kumwe kwakachengeteka.",
        ],
        [
          "Sei mutambo wakapfuudza nguva pachinzvimbo chekupera?",
          "Divi risina chinhu rinongopfuudza nguva yaro. Mutambo unopera pakutora 25 kana kana mhodzi dziri pabhodhi dzava shoma pane 4.",
        ],
        [
          "Sei gomba rangu rekutanga richiri risina chinhu mushure mekudyara kukuru?",
          "Gomba rekutanga rinosvetukwa pakutenderera kwese, saka mhodzi gumi nembiri dzinoshanyira mamwe makomba gumi nerimwe, uye yegumi nembiri inowira mugomba riri mushure merekutanga.",
        ],
        [
          "Kodhi yekamuri inobvumira ani zvake kutamba ipapo here?",
          "Kwete. Muridzi wekamuri anofanira kubvumira chikumbiro chemuenzi mutsva mumwe nemumwe. Ipa kodhi yako kumukwikwidzi waunoda kutamba naye. Mushure memutambo, vatambi vese vanofanira kubvuma kutambazve kusati kwatanga.",
        ],
        [
          "Zvidzidzo kana mitambo nekombiyuta zvinokanganisa chinzvimbo changu here?",
          "Kwete. Zvidzidzo izvi hazvichengeti mhedzisiro. Kudzidzira nekombiyuta kunochengetwa pamudziyo wako uye hakuna chinzvimbo; mhedzisiro yemitambo yepaIndaneti inotungamirwa neseva chete ndiyo inopinda mumutsara wevatungamiri.",
        ],
      ],
      lessons: {
        "ayo-capture-seven": {
          title: "Tora mhodzi nomwe",
          prompt: "Makomba 1–6 ndeako. Fungidzira panowira mhodzi 3 dziri mugomba 6, wozoedza.",
          question: "Uchatora mhodzi ngani?",
          choices: ["0", "2", "5", "7"],
          answer:
            "Gomba 9 rinopedzisira riine mhodzi 2. Uchidzokera shure, gomba 8 rine 3 uye gomba 7 rine 2: ese matatu anotorwa, 7 pamwe chete. Gomba 6 riri kudivi rako, saka cheni inomira.",
        },
        "ayo-safe-opening": {
          title: "Tanga zvakachengeteka",
          prompt: "Pabhodhi idzva, edza mhodzi 4 dziri mugomba 1.",
          question: "Ndeapi makomba achachinja?",
          choices: [
            "Makomba 1–5: gomba 1 rinosara risina chinhu, makomba 2–5 anova ne5",
            "Makomba 1–6: gomba 1 rinosara risina chinhu, makomba 2–6 anova ne5",
            "Makomba 2–5 chete: gomba 1 rinosara nemhodzi",
          ],
          answer:
            "Makomba 2–5 rimwe nerimwe rinova ne5, uye gomba 1 rinosara risina chinhu. Mhodzi yekupedzisira inosara kudivi rako, saka hapana kutora. Kusasiya makomba ane 1 kana 2 kunodzivirira mukwikwidzi wako kuwana chekutora ipapo.",
        },
        "ayo-capture-stops": {
          title: "Wana panomira kutora",
          prompt: "Edza mhodzi 5 dziri mugomba 5.",
          question: "Kutora kuchapfuura gomba 10 here?",
          choices: ["Hongu: gomba 9 rinotorwawo", "Kwete: gomba 10 chete ndiro rinotorwa"],
          answer:
            "Gomba 10 rinova ne2 uye rinotorwa. Gomba 9 rinova ne5, izvo zvinomisa cheni. Kutora hakusvetuki gomba rine nhamba isiri iyo.",
        },
        "ayo-skip-start": {
          title: "Svetuka gomba rekutanga",
          prompt: "Mudzidzo iri, makomba 7–12 ndeako. Edza mhodzi 12 dziri mugomba 7 uone kutenderera.",
          question: "Nderipi gomba rinowana mhodzi mbiri pakufamba uku?",
          choices: ["Gomba 7", "Gomba 8", "Gomba 1"],
          answer:
            "Kutenderera kunoshanyira mamwe makomba 11, kuchisvetuka gomba 7. Mhodzi yegumi nembiri inodzokera kugomba 8, iro rinowana mhodzi mbiri pamwe chete. Gomba rekutanga rinosara risina chinhu.",
        },
      },
    },
  },
};
