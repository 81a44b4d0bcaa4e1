/** The rules of every game in Shona. Machine-assisted; the review state of each text is in i18n/review. */
import type { RulesTranslation } from "./types.js";

export const RULES_SN: RulesTranslation = {
  guides: {
    tsoro: {
      intro:
        "Tsoro mutambo weZimbabwe wekudyara une mitsara mina yemaburi. Mutambi mumwe nemumwe ane mitsara miviri iri pedyo naye, uye mhodzi dzinofamba dzichitenderera mitsara yako miviri chete. Itambe Chinyakare, apo mhodzi dzinotorwa dzinobva pabhodhi, kana Anokunda Anotora Zvese, apo unofanira kuva nemhodzi dzese.",
      sections: {
        0: {
          heading: "Bhodhi",
          items: [
            "Sarudza maburi 4 kusvika 12 pamutsara nemhodzi 1 kusvika 10 muburi rimwe nerimwe. Divi rako rinogara riri mitsara miviri yepasi; mutsara wako wepamusoro wakatarisana nemutsara wepamusoro wemukwikwidzi wako.",
            "Mhodzi dzinogara dzichifamba dzichipesana newachi dzichitenderera mitsara yako miviri: kubva kuruboshwe kuenda kurudyi pamutsara wako wepasi, wobva kurudyi kuenda kuruboshwe pamutsara wepamusoro, wotenderera zvakare.",
            "Munhevedzano vatambi vanochinjana kutanga mutambo wega wega.",
            "MuChinyakare uye muna Anokunda Anotora Zvese, kufamba kumwe hakupfuuri kuenderera 100: kana mhodzi yekupedzisira yekuenderera kwe100 yawira panotangira kumwe kuenderera, kufamba kunoperera ipapo uye mhodzi dzinosara padziri. Kutora kunotanga kutariswa, sezvinogara zvakaita.",
          ],
        },
        1: {
          heading: "Chinyakare",
          items: [
            "Dyara: simudza mhodzi dzese kubva muburi rako ripi neripi rine mhodzi (kunyange imwe chete) uise imwe muburi rimwe nerimwe.",
            "Enderera: kana mhodzi yekupedzisira yawira muburi raitova nemhodzi, simudza buri iroro rese uenderere uchidyara.",
            "Tora: kana mhodzi yekupedzisira yawira mumutsara wako wepamusoro muburi raitova nemhodzi, uye buri repamusoro remukwikwidzi wako rakatarisana naro rine mhodzi, tora maburi ake ese ari mukoramu iyoyo (repamusoro nerepasi). Mhodzi dzatorwa dzinobva pabhodhi dzoverengerwa iwe. Nguva yako yapera.",
            "Mira: mhodzi yekupedzisira muburi risina chinhu inopedza nguva yako.",
            "Kukunda: mutambi asina mhodzi dzekutamba anokundwa. Mushure mekufamba 50 pasina kutora, ane mhodzi zhinji pabhodhi anokunda; kana mhodzi dzakaenzana, mutambo wakaenzana.",
          ],
        },
        2: {
          heading: "Anokunda Anotora Zvese",
          items: [
            "Bhodhi nekudyara zvakafanana, asi mhodzi dzatorwa dzinodzokera mumutambo kudivi rako: chinangwa ndechokuva nemhodzi dzese.",
            "Enderera uchibva pamutsara wako wepasi sezviri muChinyakare.",
            "Tora: kana mhodzi yako yekupedzisira yawira mumutsara wako wepamusoro muburi raitova nemhodzi, uye buri repamusoro remukwikwidzi rakatarisana naro rine mhodzi, tora maburi ake epamusoro nepasi ari mukoramu iyoyo wobva wangodyara mhodzi idzodzo, kubva muburi rinotevera rawawira.",
            "Cheni: panowira yekupedzisira yadzo, zvinotariswa zvakafanana: tora zvakare, enderera uchibva pamutsara wepasi, kana mira.",
            "Mira: nguva yako inopera paburi risina chinhu, kana mumutsara wako wepamusoro kana buri rakatarisana naro risina chinhu.",
            "Kukunda: iva nemhodzi dzese. Mushure mekufamba 80 pasina kutora, kana pakufamba 400, ane mhodzi zhinji anokunda; kana mhodzi dzakaenzana, mutambo wakaenzana.",
          ],
        },
      },
    },
    togyz: {
      intro:
        "Togyz kumalak («matombo mapfumbamwe» muchiKazakh), unonzi toguz korgool kuKyrgyzstan, ndiwo mutambo mukuru wekudyara wemapani eKazakhstan. Ndewemhuri yemancala, asi bhodhi rawo rakakura kupfuura mizhinji: mitsara miviri yemakomba mapfumbamwe, matombo mapfumbamwe mugomba rimwe nerimwe, 162 pamwe chete. Nhasi une masangano enyika, sangano renyika dzese nemakwikwi enyika dzese, uye UNESCO yakaunyora pane rondedzero yenhaka yetsika isingabatike. Chinousiyanisa i-tuzdyk: gomba remukwikwidzi wako raunogona kutora kusvika mutambo wapera.",
      sections: {
        0: {
          heading: "Mitemo",
          items: [
            "Mutambi mumwe nemumwe ane mutsara wemakomba mapfumbamwe ari pedyo naye nekazan (dura); mutsara wako ndiwo wepasi. Gomba rimwe nerimwe rinotanga nematombo mapfumbamwe. Uchitamba nekombiyuta, iwe unotanga; munhevedzano vatambi vanochinjana kutanga mutambo wega wega, saka kombiyuta inotanga mutambo wechipiri wega wega.",
            "Panguva yako simudza matombo ese ari mune rimwe remakomba ako uadyare rimwe chete rimwe chete uchipesana newachi. Dombo rekutanga rinodzokera mugomba rawasimudza; gomba rine dombo rimwe chete rinongoriendesa kugomba rinotevera. Makomba makuru anotenderera bhodhi rese.",
            "Kana dombo rako rekupedzisira rawira mugomba remukwikwidzi rikaita kuti nhamba yemo igoverwe nembiri, tora gomba iroro rese uriise mukazan yako. Gomba iroro chete ndiro rinotorwa. Dombo rekupedzisira kudivi rako harimbotori.",
            "Kana dombo rako rekupedzisira raita kuti gomba remukwikwidzi rive nematombo matatu chaiwo, gomba iroro rinova tuzdyk yako: unotora matombo matatu aya, uye dombo rimwe nerimwe rinozowira mariri, ramadyarwa nemutambi upi noupi, rinoenda zvakananga mukazan yako.",
            "Mutambi mumwe nemumwe anogona kuva netuzdyk imwe chete, uye inogara kusvika mutambo wapera. Gomba repfumbamwe remukwikwidzi (rekupedzisira mutsara wako usati watanga) harimbovi tuzdyk. Uye haugone kutora gomba rine nhamba yakafanana neye tuzdyk yemukwikwidzi: kana yake iri gomba rako 4, haugone kutora gomba rake 4. Kana tuzdyk isingabvumirwe, kufamba kunoitwa zvakadaro uye matombo matatu anongosara paari.",
            "Anotanga kuunganidza matombo 82 anokunda; 81 mumwe nemumwe mutambo wakaenzana. Kana mutambi ane nguva yekutamba asina matombo kudivi rake (atsyz), mutambi mumwe nemumwe anowedzera matombo ari kudivi rake mukazan yake, uye kazan hombe inokunda.",
          ],
        },
      },
    },
    ayo: {
      intro:
        "Ayo (ayo olopon) mutambo wekudyara wevaYoruba: makomba gumi nemaviri, mhodzi ina mugomba rimwe nerimwe, 48 pamwe chete. Dyara, tora maviri nematatu uchidzokera shure, uye uve wekutanga kusvika 25.",
      sections: {
        0: {
          heading: "Mitemo",
          items: [
            "Makomba 12, mhodzi 4 mugomba rimwe nerimwe: 48 pamwe chete. Mutambi wekutanga ane makomba 1–6 uye ndiye anotanga; mutambi wechipiri ane makomba 7–12. Munhevedzano vatambi vanochinjana kutanga mutambo wega wega.",
            "Tora mhodzi dzese kubva mugomba riri kudivi rako uise imwe mugomba rimwe nerimwe rinotevera, uchipesana newachi, kubva pa12 kudzokera pa1. Gomba rawatora kubva mariri rinosvetukwa pakutenderera kwese, saka rinopedzisa kufamba risina chinhu.",
            "Kana mhodzi yako yekupedzisira yawira kudivi remukwikwidzi ikaita kuti gomba iroro rive ne2 kana 3 chaidzo, ritore. Wobva watarisa gomba riri pamberi paro: kana naro riine 2 kana 3 uye riri kudivi remukwikwidzi, ritorewo, zvichidaro uchidzokera shure. Mira pane imwe nhamba kana padivi rako.",
            "Hapana mhodzi kudivi rako? Unopfuudza. Divi risina chinhu roga harigumisi mutambo, uye hapana basa rekupa mukwikwidzi asina mhodzi: kutora divi rake rese kunobvumirwa.",
            "Mutambo unopera kana mumwe atora 25 kana kupfuura, kana kuti mhodzi dzasara pabhodhi dzava shoma pane 4. Ane zvibodzwa zvakawanda anokunda; kana zvakaenzana, mutambo wakaenzana. Mhodzi dzasara pabhodhi hadzina wadzinoverengerwa.",
            "Uchitamba nekombiyuta, mamiriro anodzoka kechitatu anopedza mutambo pazvibodzwa zviripo. Pakati pevanhu, mutambi upi noupi anogona kukurudzira kupedza mutambo pazvibodzwa zviripo, mumwe wacho ozosarudza.",
          ],
        },
      },
    },
  },
};
